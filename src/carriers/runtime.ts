/**
 * Everything carrier calls need, built once per process: pooled transport and adapters. The token
 * store is handed in, built from the database where the process is assembled.
 */
import type { Clock } from '../clock.js';
import type { Metrics } from '../metrics.js';
import type { Tracing } from '../tracing.js';
import type { CarrierSettings } from './carrier.js';
import { baseUrlResolver, createAdapters, emulatedResolver, type Adapters } from './adapters.js';
import type { TokenStore } from './shared/oauth.js';
import { createTransport } from './shared/transport.js';

export interface CarrierRuntime {
  adapters: Adapters;
  close(): Promise<void>;
}

export function createCarrierRuntime(opts: { config: CarrierSettings; tokens: TokenStore; clock: Clock; emulatorUrl?: string; metrics?: Metrics; tracing?: Tracing }): CarrierRuntime {
  const { metrics, tracing } = opts;
  const transport = createTransport({ timeoutMs: opts.config.carriers.timeoutMs, ...(metrics ? { observe: metrics.carrierCall } : {}), ...(tracing ? { trace: tracing.carrierCall } : {}) });
  const adapters = createAdapters({ transport, tokens: opts.tokens, clock: opts.clock, baseUrl: baseUrlResolver(opts.config, opts.emulatorUrl), emulated: emulatedResolver(opts.config, opts.emulatorUrl), operator: opts.config.operator });
  return { adapters, close: () => transport.close() };
}
