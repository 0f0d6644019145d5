export { checkPhone, checkPickupTime, createPickupsService } from './pickups.js';
