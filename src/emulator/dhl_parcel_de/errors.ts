/**
 * DHL Parcel Germany's error bodies, as its APIs answer them:
 * - the gateway's problem `{ title, statusCode, detail }` (a refused or missing token, throttling,
 *   a server failure; DHL's 401 says "Unauthorized for given resource.");
 * - the Shipping API's LabelDataResponse with a failed item: `{ status: { title, statusCode,
 *   detail }, items: [{ sstatus, validationMessages: [{ property, validationMessage,
 *   validationState: "Error" }] }] }`;
 * - the authentication API's OAuth error `{ error: "invalid_grant", error_description }`;
 * - the tracking API's XML `<data name="piece-shipment-list" code="…" error="…"/>`.
 * The messages of validation, throttling and server failures are the emulator's, in DHL's manner.
 */

export interface ValidationMessage {
  property: string;
  validationMessage: string;
  validationState: 'Error' | 'Warning';
}

/** Thrown by handlers; the carrier plugin's error handler renders its body. */
export class DhlFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly contentType = 'application/json',
  ) {
    super(`dhl_parcel_de ${status}`);
  }
}

export const problem = (title: string, statusCode: number, detail: string) => ({ title, statusCode, detail });

export const errors = {
  unauthorized: () => problem('Unauthorized', 401, 'Unauthorized for given resource.'),
  badRequest: () =>
    problem(
      'Bad Request',
      400,
      'Bad Request - The request could not be understood by the server due to malformed syntax.',
    ),
  notFound: () => problem('Not Found', 404, 'The requested resource was not found.'),
  internal: () => problem('Internal Server Error', 500, 'An unexpected error occurred. Please try again later.'),
  tooMany: () => problem('Too Many Requests', 429, 'Too many requests. Rate limit exceeded.'),
  // The authentication API (RFC 6749 § 5.2).
  invalidGrant: () => ({ error: 'invalid_grant', error_description: 'Invalid user credentials' }),
  invalidClient: () => ({ error: 'invalid_client', error_description: 'Invalid client or Invalid client credentials' }),
  unsupportedGrant: () => ({ error: 'unsupported_grant_type', error_description: 'Unsupported grant type' }),
};

/** A Shipping API answer whose items failed validation, as DHL answers one. */
export function validationFailure(items: { shipmentNo?: string; messages: ValidationMessage[] }[]) {
  return {
    status: {
      title: 'Bad Request',
      statusCode: 400,
      detail: items.length > 1 ? `${items.length} shipments failed validation.` : 'Validation failed.',
    },
    items: items.map((i) => ({
      ...(i.shipmentNo ? { shipmentNo: i.shipmentNo } : {}),
      sstatus: {
        title: 'Bad Request',
        statusCode: 400,
        detail: i.messages[0]?.validationMessage ?? 'Validation failed.',
      },
      validationMessages: i.messages,
    })),
  };
}

export const invalid = (property: string, validationMessage: string): ValidationMessage => ({
  property,
  validationMessage,
  validationState: 'Error',
});

/** The tracking API's error document. */
export function trackingError(code: string, error: string, requestId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><data name="piece-shipment-list" code="${code}" error="${error}" request-id="${requestId}"/>`;
}
