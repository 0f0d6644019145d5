/**
 * Everything carrier calls need, built once per process: pooled transport, the label work threads
 * (which the services' own label work shares) and adapters. The token store is handed in, built
 * from the database where the process is assembled.
 */
import type { Clock } from '../foundations/clock.js';
import type { Metrics } from '../foundations/metrics.js';
import type { Tracing } from '../foundations/tracing.js';
import type { CarrierSettings } from './carrier.js';
import { baseUrlResolver, createAdapters, emulatedResolver, type Adapters } from './adapters.js';
import type { TokenStore } from './shared/oauth.js';
import { createLabelPool, type LabelPoolOptions } from '../documents/index.js';
import type { LabelWork } from '../documents/index.js';
import { createTransport } from './shared/transport.js';

export interface CarrierRuntime {
  adapters: Adapters;
  labels: LabelWork;
  close(): Promise<void>;
}

export function createCarrierRuntime(opts: {
  config: CarrierSettings;
  tokens: TokenStore;
  clock: Clock;
  emulatorUrl?: string;
  metrics?: Metrics;
  tracing?: Tracing;
  labels?: LabelPoolOptions;
}): CarrierRuntime {
  const { metrics, tracing } = opts;
  const transport = createTransport({
    timeoutMs: opts.config.carriers.timeoutMs,
    ...(metrics ? { observe: metrics.carrierCall } : {}),
    ...(tracing ? { trace: tracing.carrierCall } : {}),
  });
  const labels = createLabelPool(opts.labels);
  const adapters = createAdapters({
    transport,
    labels,
    tokens: opts.tokens,
    clock: opts.clock,
    baseUrl: baseUrlResolver(opts.config, opts.emulatorUrl),
    emulated: emulatedResolver(opts.config, opts.emulatorUrl),
    operator: opts.config.operator,
  });
  return {
    adapters,
    labels,
    close: async () => {
      await transport.close();
      await labels.close();
    },
  };
}
