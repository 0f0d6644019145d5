export { createPriceLists } from './price-lists.js';
export type { PriceLists } from './price-lists.js';
export { rateFromList } from './rate.js';
export { jsonRows, readPriceListCsv } from './csv.js';
