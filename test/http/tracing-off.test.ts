/**
 * Tracing off, the default: without an OTLP endpoint nothing of the OpenTelemetry SDK is loaded and
 * the app has no tracing hook, so a request costs what it did before tracing existed. Each check is
 * also made with tracing on, so that it can tell.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/foundations/logger.js';
import { loadTracing, tracingWanted, type Tracing, type TracingModule } from '../../src/foundations/tracing.js';
import { createTestApp, type TestApp } from '../support/app.js';

const HOOKS = ['startRequestSpan', 'recordRequestError', 'endRequestSpan', 'endAbortedRequestSpan'];
const log = createLogger('silent');

/** The SDK's packages Node has loaded in this process (they are CommonJS, so they are in require's cache). */
function sdkLoaded(): string[] {
  const cache = createRequire(import.meta.url).cache;
  const packages = Object.keys(cache).flatMap(
    (path) => /node_modules\/(@opentelemetry\/[^/]+)\//.exec(path)?.[1] ?? [],
  );
  // The API alone is not the SDK: prom-client requires it for its exemplars, tracing or not.
  return [...new Set(packages)].filter((p) => p !== '@opentelemetry/api').sort();
}

/** The tracing hooks every route has, by name (the hooks are named for this). */
function tracingHooks(t: TestApp): string[] {
  const routes = t.app.printRoutes({ includeHooks: true, commonPrefix: false });
  return HOOKS.filter((name) => routes.includes(`"${name}()"`));
}

/** A Tracing that records nothing: enough to see the hooks registered. */
const inert: Tracing = {
  request: () => ({ run: (fn) => fn(), failed: () => undefined, end: () => undefined }),
  carrierCall: () => () => undefined,
  webhookDelivery: () => () => undefined,
  flush: async () => undefined,
  shutdown: async () => undefined,
};

describe('tracing switched by the SDK variables', () => {
  it('is on with an OTLP endpoint, general or for traces, unless the SDK or its trace exporter is disabled', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://collector:4318/v1/metrics' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(
      false,
    );
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(
      false,
    );
  });

  it('loads the tracing module only when on', async () => {
    const loads: string[] = [];
    const load = async (): Promise<TracingModule> => {
      loads.push('tracing module');
      return { createTracing: () => inert };
    };
    expect(await loadTracing({ log, env: {}, load })).toBeUndefined();
    expect(loads).toEqual([]);
    expect(await loadTracing({ log, env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, load })).toBe(inert);
    expect(loads).toEqual(['tracing module']);
  });
});

describe('the app without tracing', () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ metrics: true });
    on = await createTestApp({ tracing: inert });
  });
  afterAll(async () => {
    await off?.close();
    await on?.close();
  });

  it('has no tracing hook, and the SDK is not loaded while it serves', async () => {
    const key = await off.key();
    expect((await off.call('GET', '/shipments', key)).status).toBe(200);
    expect((await off.call('GET', '/no/such/route', key)).status).toBe(404);
    expect(tracingHooks(off)).toEqual([]);
    expect(tracingHooks(on)).toEqual(HOOKS);
    expect(sdkLoaded()).toEqual([]);
  });

  it('loads the SDK once an endpoint is set (so the check above can tell)', async () => {
    const tracing = await loadTracing({ log, env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' } });
    try {
      expect(sdkLoaded()).toEqual(
        expect.arrayContaining(['@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/sdk-trace-base']),
      );
    } finally {
      await tracing?.shutdown();
    }
  });
});
