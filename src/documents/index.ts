export { createLabelPool } from './label-pool.js';
export type { LabelPoolOptions } from './label-pool.js';
export type { LabelWork, Logo } from './label-work.js';
export { checkLogo, MAX_LOGO_BYTES } from './logo.js';
export { canCombine, decodeBase64, isDrawnFormat, labelContentType, looksLikePdf } from './labels.js';
export { pdfPrintFile } from './print-file.js';
