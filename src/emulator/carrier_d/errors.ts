/**
 * carrier_d (USPS v3) error bodies: ErrorMessage `{ apiVersion, error: { code, message, errors:
 * [{ status, code, title, detail, source: { parameter, example } }] } }` (every vendor/*.yaml;
 * samples/error_response.json). The OAuth endpoint answers RFC 6749 `{ error, error_description }`.
 * USPS publishes no code list: the codes below follow the recorded examples (domestic-labels.yaml
 * ExampleCancelError_NOTFOUND: code "400", message "Bad Request", item title/detail/source) and are
 * otherwise the emulator's choice.
 */
export interface UspsErrorItem {
  status?: string;
  code: string;
  title: string;
  detail: string;
  source?: { parameter?: string; example?: string };
}

/** Thrown by handlers; the carrier plugin's error handler renders it for the API that was called. */
export class UspsFailure extends Error {
  readonly status: number;
  readonly items: UspsErrorItem[];
  /** RFC 6749 body instead of ErrorMessage (the token endpoint). */
  readonly oauth: boolean;

  constructor(status: number, items: UspsErrorItem[], oauth = false) {
    super(items.map((e) => `${e.code}: ${e.detail}`).join('; '));
    this.status = status;
    this.items = items;
    this.oauth = oauth;
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  412: 'Precondition Failed',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** `/labels/v3/label/…` → "/labels/v3", the apiVersion USPS reports. */
export function apiVersionOf(url: string): string {
  const m = /\/([a-z0-9-]+\/v3)(?:\/|$|\?)/.exec(url);
  return m ? `/${m[1]}` : '/v3';
}

export function errorBody(status: number, apiVersion: string, items: UspsErrorItem[]) {
  return {
    apiVersion,
    error: {
      code: String(status),
      message: TITLES[status] ?? 'Error',
      errors: items.map((e) => ({ status: String(status), ...e })),
    },
  };
}

export function oauthBody(items: UspsErrorItem[]) {
  const first = items[0];
  return { error: first?.code ?? 'invalid_request', error_description: first?.detail ?? 'The request is invalid' };
}

const item = (code: string, title: string, detail: string, parameter?: string): UspsErrorItem => ({
  code,
  title,
  detail,
  ...(parameter ? { source: { parameter } } : {}),
});

export const errors = {
  invalidClient: () =>
    item('invalid_client', 'Unauthorized', 'Client authentication failed: unknown client_id or wrong client_secret.'),
  unsupportedGrant: () =>
    item('unsupported_grant_type', 'Bad Request', 'Only the client_credentials grant is supported.'),
  tokenInvalid: () => item('401', 'Unauthorized', 'Invalid or revoked access token.'),
  tokenExpired: () => item('401', 'Unauthorized', 'Access token expired.'),
  paymentTokenMissing: () =>
    item('403', 'Forbidden', 'The X-Payment-Authorization-Token header is required.', 'X-Payment-Authorization-Token'),
  paymentTokenInvalid: () =>
    item('403', 'Forbidden', 'The payment authorization token is invalid or expired.', 'X-Payment-Authorization-Token'),
  paymentRefused: (detail: string, parameter: string) =>
    item('040001', 'Payment Authorization Failed', detail, parameter),
  missing: (parameter: string) => item('010001', 'Bad Request', `${parameter} is required.`, parameter),
  invalid: (parameter: string, detail: string) => item('010002', 'Bad Request', detail, parameter),
  notFound: (parameter: string, detail = 'Order not found') => item('00000XX', 'Bad Request', detail, parameter),
  trackingNotFound: () =>
    item(
      '404',
      'Not Found',
      'The tracking number may be incorrect or the status update is not yet available.',
      'trackingNumber',
    ),
  noRates: () => item('020001', 'No Rates', 'No rates were found for the given package ingredients.'),
  alreadyRefunded: () =>
    item(
      '030002',
      'Bad Request',
      'Refund Same Label Same Day: the label was already submitted for a refund.',
      'trackingNumber',
    ),
  pickupCancelled: () =>
    item('050002', 'Bad Request', 'The carrier pickup was already cancelled.', 'confirmationNumber'),
  etagMismatch: () =>
    item(
      '050003',
      'Precondition Failed',
      'If-Match does not match the current ETag of the carrier pickup.',
      'If-Match',
    ),
  noLabels: () => item('060001', 'Bad Request', 'No eligible labels were found for the SCAN Form.', 'shipment'),
  onScanForm: (n: string) =>
    item('060002', 'Bad Request', `Label ${n} has already been added to a SCAN Form.`, 'trackingNumbers'),
  tooManyRequests: () =>
    item('429', 'Too Many Requests', 'Too many requests have been received from client in a short amount of time.'),
  internal: () => item('500', 'Internal Server Error', 'An unexpected error occurred.'),
  unknownPath: () => item('404', 'Not Found', 'The requested resource does not exist.'),
};
