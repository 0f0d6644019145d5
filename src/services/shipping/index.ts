export { createAddressValidationService } from './address-validation.js';
export { createListingsService } from './listings.js';
export { createRateShopping } from './rate-shopping.js';
export { createRatingService } from './rating.js';
export { bookingAccounts, createShipChoice } from './ship-choice.js';
export { createShippingService, storeBooked } from './shipping.js';
export { createBookingRecovery } from './recovery.js';
export type { BookingRecovery } from './recovery.js';
export type { BookingExtras, PreparedBooking } from './shipping.js';
