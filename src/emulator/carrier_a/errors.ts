/**
 * carrier_a (FedEx REST) error bodies: `{ transactionId, customerTransactionId?, errors: [{ code,
 * message, parameterList? }] }` (vendor/*.json, schema ErrorResponseVO; fixtures/tracking_ErrorResponse.json).
 *
 * Where the codes come from:
 * - vendor/*.json examples: NOT.AUTHORIZED.ERROR, INTERNAL.SERVER.ERROR, NOT.FOUND.ERROR,
 *   ACCOUNTNUMBER.REGISTRATION.REQUIRED, ACCOUNT.NUMBER.MISMATCH, SHIPMENT.USER.UNAUTHORIZED,
 *   TRACKINGNUMBER.ENTERED.INVALID, TRACKING.TRACKINGNUMBER.EMPTY, TRACKING.TRACKINGNUMBER.NOTFOUND,
 *   PICKUP.POSTALCODE.MISSING, PICKUP.REQUESTED.PREVIOUS.DAY, PICKUP.NUMBER.EXPIRED.
 * - the Authorization API page: NOT.AUTHORIZED.ERROR "The given client credentials were not valid…".
 * - the Location Search API page's error list: LOCATION.COUNTRYCODE.REQUIRED, POSTALCODE.VALUE.REQUIRED,
 *   ERROR.LONGLAT.REQUIRED, PHONE.NUMBER.REQUIRED, DISTANCE.UNIT.INVALID, LOCATIONSEARCH.CRITERION.REQUIRED.
 * - production answers reported by integrators: RATE.CUSTOMCLEARANCEDETAIL.INVALID "Customs clearance
 *   detail cannot be null." and RATE.CUSTOMSVALUE.INVALID (karrio issues 549 and 557),
 *   INVALID.INPUT.EXCEPTION "Invalid field value in the input" for schema violations.
 * - the rate-limits guide's 429 message. The code TOO.MANY.REQUESTS and the codes marked
 *   "emulator's choice" below follow FedEx's naming but are not confirmed by a recorded payload.
 */
export interface FedexError {
  code: string;
  message: string;
  parameterList?: Array<{ key: string; value: string }>;
}

/** Thrown by handlers; the carrier plugin's error handler renders it with a transaction id. */
export class FedexFailure extends Error {
  readonly status: number;
  readonly errors: FedexError[];

  constructor(status: number, errors: FedexError[]) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; '));
    this.status = status;
    this.errors = errors;
  }
}

export const errors = {
  invalidInput: (field: string): FedexError => ({
    code: 'INVALID.INPUT.EXCEPTION',
    message: 'Invalid field value in the input',
    parameterList: [{ key: 'FIELD', value: field }],
  }),
  badCredentials: (): FedexError => ({
    code: 'NOT.AUTHORIZED.ERROR',
    message: 'The given client credentials were not valid. Please modify your request and try again.',
  }),
  tokenExpired: (): FedexError => ({
    code: 'NOT.AUTHORIZED.ERROR',
    message: 'Access token expired. Please modify your request and try again.',
  }),
  // Emulator's choice of message for a missing or unknown token (same code as FedEx's 401s).
  tokenInvalid: (): FedexError => ({
    code: 'NOT.AUTHORIZED.ERROR',
    message: 'Access token is missing or invalid. Please modify your request and try again.',
  }),
  notFound: (): FedexError => ({
    code: 'NOT.FOUND.ERROR',
    message: 'The resource you requested is no longer available. Please modify your request and try again.',
  }),
  internal: (): FedexError => ({
    code: 'INTERNAL.SERVER.ERROR',
    message:
      'We encountered an unexpected error and are working to resolve the issue. We apologize for any inconvenience. Please check back at a later time.',
  }),
  tooManyRequests: (): FedexError => ({
    code: 'TOO.MANY.REQUESTS',
    message: 'We have received too many requests in a short duration. Please wait a while to try again.',
  }),
  accountRequired: (): FedexError => ({
    code: 'ACCOUNTNUMBER.REGISTRATION.REQUIRED',
    message: 'Please enter a valid 9-digit FedEx account number or register for a new FedEx account number.',
  }),
  accountMismatch: (): FedexError => ({
    code: 'ACCOUNT.NUMBER.MISMATCH',
    message:
      'When payment Type is SENDER, ShippingChargesPayment Payor AccountNumber should match the shipper account number.',
  }),
  userUnauthorized: (): FedexError => ({
    code: 'SHIPMENT.USER.UNAUTHORIZED',
    message: 'Requested user is not authorized to perform the operation.',
  }),
  customsRequiredForRate: (): FedexError => ({
    code: 'RATE.CUSTOMCLEARANCEDETAIL.INVALID',
    message: 'Customs clearance detail cannot be null.',
  }),
  customsValueInvalid: (index: number): FedexError => ({
    code: 'RATE.CUSTOMSVALUE.INVALID',
    message: `Commodity ${index} - customs value is invalid.`,
    parameterList: [{ key: 'COMMODITY_INDEX', value: String(index) }],
  }),
  // Emulator's choice: the ship API's twin of the rate check above.
  customsRequiredForShip: (): FedexError => ({
    code: 'CUSTOMSCLEARANCEDETAIL.REQUIRED',
    message: 'Customs clearance detail is required for international shipments.',
  }),
  // The next four codes appear in integrators' FedEx error maps; the messages are the emulator's.
  weightInvalid: (index: number, detail: string): FedexError => ({
    code: 'WEIGHT.VALUE.INVALID',
    message: `Package ${index} - ${detail}`,
    parameterList: [{ key: 'PACKAGE_INDEX', value: String(index) }],
  }),
  dimensionsInvalid: (index: number): FedexError => ({
    code: 'SHIPMENT.PACKAGEDIMENSION.INVALID',
    message: `Package ${index} - dimensions are invalid.`,
    parameterList: [{ key: 'PACKAGE_INDEX', value: String(index) }],
  }),
  serviceUnavailable: (serviceType: string): FedexError => ({
    code: 'SHIPMENT.SERVICETYPE.INVALID',
    message: `Service ${serviceType} is not available between the origin and destination.`,
  }),
  postalCodeInvalid: (party: string): FedexError => ({
    code: 'SHIPMENT.POSTALCODE.INVALID',
    message: `${party} postal code is missing or invalid for the country.`,
  }),
  trackingNumberInvalid: (): FedexError => ({
    code: 'TRACKINGNUMBER.ENTERED.INVALID',
    message: 'Error with entered Tracking Number. Please verify the entered Tracking Number.',
  }),
  // Emulator's choice: cancelling twice, or after FedEx took the package ("shipments that have not
  // already been tendered", vendor/ship-api.json, Cancel Shipment).
  alreadyCancelled: (): FedexError => ({
    code: 'SHIPMENT.ALREADY.CANCELLED',
    message: 'This shipment has already been cancelled.',
  }),
  alreadyTendered: (): FedexError => ({
    code: 'SHIPMENT.CANCEL.NOTALLOWED',
    message: 'This shipment has been tendered to FedEx and can no longer be cancelled.',
  }),
  trackingEmpty: (): FedexError => ({
    code: 'TRACKING.TRACKINGNUMBER.EMPTY',
    message: 'Please provide tracking number.',
  }),
  // Emulator's choice of code; FedEx documents at most 30 tracking numbers per request.
  trackingLimit: (): FedexError => ({
    code: 'TRACKING.TRACKINGNUMBER.LIMITEXCEEDED',
    message: 'A maximum of 30 tracking numbers may be requested at a time.',
  }),
  pickupPostalMissing: (): FedexError => ({ code: 'PICKUP.POSTALCODE.MISSING', message: 'PostalCode is missing.' }),
  pickupPreviousDay: (): FedexError => ({
    code: 'PICKUP.REQUESTED.PREVIOUS.DAY',
    message: 'Cannot schedule a pickup requested for a previous day.',
  }),
  pickupExpired: (): FedexError => ({
    code: 'PICKUP.NUMBER.EXPIRED',
    message: 'PREVIOUS DAY PICKUP, CANNOT CANCEL OR UPDATE',
  }),
  // Emulator's choice: unknown or already cancelled confirmation code.
  pickupNotFound: (): FedexError => ({
    code: 'PICKUP.CONFIRMATIONNUMBER.INVALID',
    message: 'The pickup confirmation number is invalid or the pickup was already cancelled.',
  }),
  locationCountryRequired: (): FedexError => ({
    code: 'LOCATION.COUNTRYCODE.REQUIRED',
    message: 'Country Code is required and must be 2 characters long.',
  }),
  locationPostalRequired: (): FedexError => ({
    code: 'POSTALCODE.VALUE.REQUIRED',
    message: 'Postal Code is required.',
  }),
  longLatRequired: (): FedexError => ({
    code: 'ERROR.LONGLAT.REQUIRED',
    message: 'Longitude and Latitude are required.',
  }),
  phoneRequired: (): FedexError => ({
    code: 'PHONE.NUMBER.REQUIRED',
    message: 'Phone Number is a required field. Please update and try again.',
  }),
  distanceUnitInvalid: (): FedexError => ({ code: 'DISTANCE.UNIT.INVALID', message: 'Distance unit is invalid.' }),
  searchCriterionInvalid: (): FedexError => ({
    code: 'LOCATIONSEARCH.CRITERION.REQUIRED',
    message: 'The Locations Search Criterion is required.',
  }),
};

export function errorBody(transactionId: string, customerTransactionId: string | undefined, list: FedexError[]) {
  return {
    transactionId,
    ...(customerTransactionId ? { customerTransactionId } : {}),
    errors: list,
  };
}
