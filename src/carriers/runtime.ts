/** Everything carrier calls need, built once per process: pooled transport, token store, adapters. */
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { Database } from '../storage/database.js';
import type { Sealer } from '../storage/sealing.js';
import { baseUrlResolver, createAdapters, type Adapters } from './registry.js';
import { createTokenStore } from './shared/oauth.js';
import { createTransport } from './shared/transport.js';

export interface CarrierRuntime {
  adapters: Adapters;
  close(): Promise<void>;
}

export function createCarrierRuntime(opts: { config: Config; database: Database; sealer: Sealer; clock: Clock; emulatorUrl?: string; metrics?: Metrics }): CarrierRuntime {
  const metrics = opts.metrics;
  const transport = createTransport({ timeoutMs: opts.config.carriers.timeoutMs, ...(metrics ? { observe: metrics.carrierCall } : {}) });
  const tokens = createTokenStore({ db: opts.database.db, sealer: opts.sealer, clock: opts.clock });
  const adapters = createAdapters({ transport, tokens, clock: opts.clock, baseUrl: baseUrlResolver(opts.config, opts.emulatorUrl), operator: opts.config.operator });
  return { adapters, close: () => transport.close() };
}
