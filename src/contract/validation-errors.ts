/**
 * Fastify/ajv failures → the spec's error codes. A missing member is schema_field_required naming
 * its path; any other schema failure is schema_validation_error naming the field and, for
 * enumerations, what is allowed. Transport-level 4xx (bad JSON, size, media type) keep their status.
 */
import { ApiError } from '../domain/errors.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message: string;
  validation?: AjvError[];
  validationContext?: string;
}

/** `/shipment/packages/0/weight` → `shipment.packages[0].weight` */
export function toFieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  let out = '';
  for (const p of parts) {
    const name = p.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(name) ? `[${name}]` : out ? `.${name}` : name;
  }
  return out;
}

function describe(e: AjvError, where: string): ApiError {
  if (e.keyword === 'required') {
    const path = toFieldPath(e.instancePath, String(e.params.missingProperty));
    return new ApiError('schema_field_required', `${path || where} is required`, path);
  }
  const path = toFieldPath(e.instancePath) || where;
  if (e.keyword === 'enum') {
    const allowed = (e.params.allowedValues as unknown[]).map(String);
    return new ApiError('schema_validation_error', `${path} must be one of: ${allowed.join(', ')}`, path);
  }
  if (e.keyword === 'additionalProperties') {
    const extra = toFieldPath(e.instancePath, String(e.params.additionalProperty));
    return new ApiError('schema_validation_error', `${extra} is not a known field`, extra);
  }
  if (e.keyword === 'pattern' && path.endsWith('country')) {
    return new ApiError(
      'schema_validation_error',
      `${path} must be a two-letter ISO 3166-1 country code in capitals, e.g. US`,
      path,
    );
  }
  return new ApiError('schema_validation_error', `${path} ${e.message ?? 'is invalid'}`, path);
}

/** Most useful first: a missing field beats a type complaint about its parent. */
function pick(errors: AjvError[]): AjvError {
  return errors.find((e) => e.keyword === 'required') ?? errors.find((e) => e.keyword === 'enum') ?? errors[0]!;
}

export function fromFrameworkError(err: FastifyLikeError): ApiError | undefined {
  if (err.validation && err.validation.length > 0)
    return describe(pick(err.validation), err.validationContext ?? 'body');
  const status = err.statusCode;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  if (status === 413) return new ApiError('payload_too_large', 'Request body is larger than the limit', err.code ?? '');
  if (status === 415)
    return new ApiError('unsupported_media_type', 'Send JSON with content-type: application/json', err.code ?? '');
  if (status === 404) return new ApiError('not_found', err.message, err.code ?? '');
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return new ApiError(
      'schema_validation_error',
      'Body is empty but content-type is application/json; send a JSON body',
      err.code,
    );
  if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return notJson(err.message);
  }
  return new ApiError('schema_validation_error', err.message, err.code ?? '');
}

/**
 * A body that is not JSON, refused without any of its text. JSON.parse's messages quote the body
 * around where it breaks (`..."password":HunterTwo-"...`), and a refusal's message reaches the
 * request log: what is said is the kind of mistake and where, never what was written there.
 */
export function notJson(parserMessage: string): ApiError {
  const positions = [...parserMessage.matchAll(/position "?(\d+)/g)];
  const at = positions.at(-1)?.[1];
  const reason = /^Unexpected (token|")/.test(parserMessage)
    ? 'an unexpected character'
    : /^Unexpected end|ended in the middle|ends before/.test(parserMessage)
      ? 'the body ends before its last value does'
      : /^Unexpected non-whitespace character after JSON/.test(parserMessage)
        ? 'text after the JSON value'
        : // The parser's grammar sentences ("Expected ',' or '}' after property value") quote only punctuation.
          (/^((?:Expected|Bad|Unterminated)[^"]*?) in JSON/.exec(parserMessage)?.[1] ?? 'a syntax error');
  return new ApiError(
    'schema_validation_error',
    `Body is not valid JSON: ${reason}${at !== undefined ? ` at position ${at}` : ''}`,
    'body',
  );
}
