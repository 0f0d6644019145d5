export { checkPhone, checkPickupTime } from './checks.js';
export { createPickupsService } from './pickups.js';
