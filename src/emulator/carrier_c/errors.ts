/**
 * carrier_c (DHL Express MyDHL API) error bodies: supermodelIoLogisticsExpressErrorResponse,
 * RFC 7807-style `{ instance, detail, title, message, status, additionalDetails? }` served as
 * application/problem+json, with `instance` the path under /expressapi and `status` a string (the
 * vendor examples: "Missing mandatory parameters: requestorName", "Pickup not found",
 * "No Shipments Found for …", "Parameters not having correct format: cityName (maxLength=45)").
 */
export interface DhlProblem {
  status: number;
  title: string;
  detail: string;
  additionalDetails?: string[];
}

/** Thrown by handlers; the carrier plugin's error handler renders it for the request's path. */
export class DhlFailure extends Error {
  readonly problem: DhlProblem;

  constructor(status: number, title: string, detail: string, additionalDetails?: string[]) {
    super(detail);
    this.problem = {
      status,
      title,
      detail,
      ...(additionalDetails && additionalDetails.length > 0 ? { additionalDetails } : {}),
    };
  }
}

/** The body for a problem on a request path ("/carrier_c/rates?x" → instance "/expressapi/rates?x"). */
export function problemBody(problem: DhlProblem, url: string): Record<string, unknown> {
  const path = url.replace(/^\/carrier_c/, '');
  const message =
    problem.status === 401
      ? 'Unauthorized'
      : problem.status === 404
        ? 'Not found'
        : problem.status >= 500
          ? 'Internal Server Error'
          : 'Bad request';
  return {
    instance: `/expressapi${path}`,
    detail: problem.detail,
    title: problem.title,
    message,
    status: String(problem.status),
    ...(problem.additionalDetails ? { additionalDetails: problem.additionalDetails } : {}),
  };
}

export const failures = {
  missing: (fields: string[]): DhlFailure =>
    new DhlFailure(400, 'Missing parameters', `Missing mandatory parameters: ${fields.join(', ')}`),
  format: (fields: string[]): DhlFailure =>
    new DhlFailure(400, 'Bad request', `Parameters not having correct format: ${fields.join(', ')}`),
  invalid: (detail: string, more?: string[]): DhlFailure => new DhlFailure(400, 'Bad request', detail, more),
  unauthorized: (): DhlFailure => new DhlFailure(401, 'Unauthorized', 'Invalid Credentials'),
  notFound: (title: string, detail: string): DhlFailure => new DhlFailure(404, title, detail),
};
