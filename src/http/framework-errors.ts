/**
 * Failures the framework answers before any route runs, in the spec's `{error:{code,message,detail}}`
 * shape like every other answer ≥ 400: an over-long path parameter, a bad percent-encoding, and
 * malformed HTTP that never becomes a request.
 */
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors.js';
import { httpStatus } from './errors.js';

/**
 * Path parameters longer than this never reach a route. Ids are far shorter; a longer one names
 * nothing, so it is answered as the resource not found.
 */
export const MAX_PARAM_LENGTH = 1000;

function frameworkApiError(err: { code?: string }, path: string): ApiError {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    if (path.startsWith('/shippingaccount/'))
      return new ApiError(
        'shipping_account_not_found',
        'shipping account was not found (the id is longer than any id)',
        'id',
      );
    return new ApiError(
      'not_found',
      `Nothing at ${path.slice(0, 100)}…: a path parameter is longer than ${MAX_PARAM_LENGTH} characters`,
      'path',
    );
  }
  if (err.code === 'FST_ERR_BAD_URL')
    return new ApiError('schema_validation_error', 'The URL path is not valid percent-encoding', 'path');
  return new ApiError('schema_validation_error', 'The request could not be routed', err.code ?? '');
}

/** Fastify's `frameworkErrors` option. */
export function onFrameworkError(err: { code?: string }, req: FastifyRequest, reply: FastifyReply): void {
  const apiErr = frameworkApiError(err, req.url.split('?')[0] ?? '');
  req.log.info({ code: apiErr.code, framework: err.code }, apiErr.message);
  void reply.status(httpStatus(apiErr)).send(apiErr.toBody());
}

/** Fastify's `clientErrorHandler`: HTTP too malformed to become a request still gets the error shape. */
export function onClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const apiErr =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('payload_too_large', 'Request headers are larger than the limit', err.code)
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('schema_validation_error', 'The request was not received completely in time', err.code)
        : new ApiError('schema_validation_error', 'Malformed HTTP request', err.code ?? 'client_error');
  const status = httpStatus(apiErr);
  const body = JSON.stringify(apiErr.toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 413 ? 'Payload Too Large' : 'Bad Request'}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
