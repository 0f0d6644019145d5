/**
 * `node --import <this file>`: appends the URL of every module the process resolves to the file
 * named by WAYBILL_RECORD_IMPORTS, so that a test can tell what a process loaded. Registered from
 * the main thread; Node runs the hook below in its loader thread.
 */
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) register(import.meta.url);

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (process.env.WAYBILL_RECORD_IMPORTS) appendFileSync(process.env.WAYBILL_RECORD_IMPORTS, `${resolved.url}\n`);
  return resolved;
}
