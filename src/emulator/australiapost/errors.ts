/**
 * Australia Post error bodies: `{ errors: [{ code, name, message, field? }] }` for what the Shipping
 * and Tracking API refuses, and the gateway's `{ errors: [{ error_code, error_name, message }] }` for
 * refused credentials and throttling (API_001, API_002), both served as application/json.
 */
export interface AusPostError {
  code: string;
  name: string;
  message: string;
  field?: string;
}

/** Thrown by handlers; the carrier plugin's error handler renders it. */
export class AusPostFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: AusPostError[],
  ) {
    super(errors[0]?.message ?? 'error');
  }
}

export function errorsBody(errors: AusPostError[]): Record<string, unknown> {
  return {
    errors: errors.map((e) => ({
      code: e.code,
      name: e.name,
      message: e.message,
      ...(e.field === undefined ? {} : { field: e.field }),
    })),
  };
}

/** The gateway's own words, before any Shipping API handler runs. */
export function gatewayBody(code: 'API_001' | 'API_002', name: string, message: string): Record<string, unknown> {
  return { errors: [{ error_code: code, error_name: name, message }] };
}

const one = (status: number, code: string, name: string, message: string, field?: string): AusPostFailure =>
  new AusPostFailure(status, [{ code, name, message, ...(field === undefined ? {} : { field }) }]);

export const failures = {
  unauthorized: (): AusPostFailure =>
    one(401, 'API_001', 'UNAUTHORISED', 'The request was not authorised. Please check the API key and password.'),
  customer: (account: string): AusPostFailure =>
    one(
      403,
      '41001',
      'CUSTOMER_NOT_FOUND',
      `Customer information for the submitted customer identifier ${account} could not be found.`,
      '',
    ),
  missing: (field: string): AusPostFailure =>
    one(
      400,
      '40002',
      'JSON_MANDATORY_FIELD_MISSING',
      `The input request is missing the mandatory field with the name '${field}'.`,
      field,
    ),
  invalid: (field: string, message: string): AusPostFailure =>
    one(400, '40003', 'JSON_INVALID_FIELD_VALUE', message, field),
  many: (errors: AusPostError[]): AusPostFailure => new AusPostFailure(400, errors),
  notFound: (code: string, name: string, message: string): AusPostFailure => one(404, code, name, message),
  conflict: (code: string, name: string, message: string, field?: string): AusPostFailure =>
    one(400, code, name, message, field),
};
