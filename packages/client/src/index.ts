/** @waybill/client: a typed client of the Waybill shipping API. */
export { createClient, newIdempotencyKey, Waybill, type ClientOptions, type Response } from './client.js';
export { WaybillConnectionError, WaybillError, WaybillSignatureError, type ErrorCode } from './errors.js';
export { OPERATIONS } from './operations.js';
export { defaultRetryPolicy, type RetryPolicy } from './retry.js';
export type {
  Answer,
  Body,
  CallOptions,
  Input,
  Item,
  ListOperationId,
  OperationId,
  Page,
  PathParams,
  QueryParams,
} from './types.js';
export type { components, operations, paths } from './schema.js';
export { parseWebhook, verifyWebhook, type VerifyOptions, type WebhookEvent } from './webhooks.js';
