/**
 * The `Waybill-Version` request header: a dated API version (contract/versions.ts), the newest when
 * absent. Every answer names the version it was written in, errors and unknown routes included, so
 * a caller can see which one applied; a version this build does not know is a 400 before anything
 * else is done (a caller pinned to a newer version must not be answered in an older one silently).
 */
import { ApiError } from '../domain/errors.js';
import { API_VERSION_HEADER, API_VERSIONS, CURRENT_API_VERSION, isApiVersion } from '../contract/versions.js';
import type { Step } from './hook-boundary.js';
import type { App } from './types.js';

/** Gives requests their version, and returns the onRequest step that reads it (app.ts runs it). */
export function registerApiVersion(app: App): Step {
  app.decorateRequest('apiVersion', CURRENT_API_VERSION);
  return (req, reply) => {
    const asked = req.headers[API_VERSION_HEADER];
    reply.header(API_VERSION_HEADER, CURRENT_API_VERSION);
    if (asked === undefined || asked === '') return;
    if (typeof asked === 'string' && isApiVersion(asked.trim())) {
      req.apiVersion = asked.trim() as typeof req.apiVersion;
      reply.header(API_VERSION_HEADER, req.apiVersion);
      return;
    }
    throw new ApiError(
      'schema_validation_error',
      `Unknown API version "${String(asked)}": send one of ${API_VERSIONS.join(', ')} in Waybill-Version, or leave the header out for the newest`,
      'header Waybill-Version',
    );
  };
}
