/**
 * carrier_b (UPS REST) error bodies: `{ response: { errors: [{ code, message }] } }` with the
 * HTTP status UPS uses (ErrorResponse in every vendor/*.yaml: 400 Invalid Request, 401
 * Unauthorized Request, 403 Blocked Merchant, 404 not found on tracking, 429 Rate Limit Exceeded).
 *
 * Where the codes come from: 250003 "Invalid Access License number" and 250002 (fixtures and
 * samples/error_response.json), TV1002 "Invalid inquiry number" (fixtures/tracking_*), 9560131
 * "Invalid pickup date" (fixtures/pickup_PickupErrorResponse.json). The others follow UPS's numbering
 * for their API (Rating 11xxxx, Shipping 12xxxx/19xxxx, Pickup 95xxxxx) but are the emulator's choice
 * where no recorded payload shows them.
 */
export interface UpsError {
  code: string;
  message: string;
}

/** Thrown by handlers; the carrier plugin's error handler renders it. */
export class UpsFailure extends Error {
  readonly status: number;
  readonly errors: UpsError[];

  constructor(status: number, errors: UpsError[]) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; '));
    this.status = status;
    this.errors = errors;
  }
}

export const errors = {
  missing: (member: string): UpsError => ({ code: '120100', message: `Missing or invalid ${member}` }),
  invalid: (member: string, value?: string): UpsError => ({
    code: '120101',
    message: `Invalid ${member}${value === undefined ? '' : `: ${value}`}`,
  }),
  badCredentials: (): UpsError => ({ code: '250003', message: 'Invalid Access License number' }),
  invalidToken: (): UpsError => ({ code: '250002', message: 'Invalid Authentication Information.' }),
  serviceUnavailable: (code: string): UpsError => ({
    code: '111210',
    message: `The requested service (${code}) is unavailable between the selected locations.`,
  }),
  labelFormat: (format: string): UpsError => ({
    code: '120519',
    message: `Label image format ${format} is not available from this test service; request GIF, PNG, ZPL or EPL.`,
  }),
  shipDate: (): UpsError => ({
    code: '120124',
    message: 'The shipment date must be today or up to 7 days in the future.',
  }),
  inquiryInvalid: (): UpsError => ({ code: 'TV1002', message: 'Invalid inquiry number' }),
  notFound: (): UpsError => ({ code: 'TW0001', message: 'Tracking Information Not Found' }),
  voidNotFound: (): UpsError => ({ code: '190117', message: 'No shipment found within the allowed void period' }),
  noShipment: (): UpsError => ({ code: '190102', message: 'No shipment found' }),
  voidTendered: (): UpsError => ({
    code: '190100',
    message: 'The shipment has already been picked up and cannot be voided.',
  }),
  voidAgain: (): UpsError => ({ code: '190101', message: 'The shipment has already been voided.' }),
  pickupDate: (): UpsError => ({ code: '9560131', message: 'Invalid pickup date' }),
  pickupWindow: (): UpsError => ({
    code: '9510113',
    message: 'The ready time must be at least 90 minutes before the close time.',
  }),
  pickupNotFound: (): UpsError => ({
    code: '9510120',
    message: 'Pickup request number not found or already cancelled.',
  }),
  tooManyRequests: (): UpsError => ({ code: '429', message: 'Rate Limit Exceeded' }),
  internal: (): UpsError => ({ code: '10001', message: 'The system is unavailable. Please try again later.' }),
  noRoute: (): UpsError => ({ code: '10002', message: 'The requested resource was not found.' }),
  body: (): UpsError => ({ code: '10003', message: 'The request body is not valid JSON.' }),
};

export function errorBody(list: UpsError[]): { response: { errors: UpsError[] } } {
  return { response: { errors: list } };
}
