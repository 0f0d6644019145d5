export { createBrandingService, logoPath, textColorOn } from './branding.js';
export type { BrandingService } from './branding.js';
