/**
 * Background tracking for webhooks: shipments booked, tracked or cancelled with `webhooks: true`
 * are tracked again at their carrier's interval (tighter while out for delivery) until DELIVERED,
 * SHIPMENT_VOIDED or 60 days. Each poll goes through the tracking service with `refresh`, so a
 * change found here is announced exactly as one found by /track: one `tracking.updated` in the
 * transaction that stores the result (tracking-cache.ts). Instances share the rows through the
 * database; each process has at most `pollConcurrency` carrier calls in flight per carrier.
 */
import { declarations, isCarrierSlug } from '../../carriers/declarations.js';
import type { Clock } from '../../foundations/clock.js';
import type { Config } from '../../foundations/config.js';
import type { TrackingStage } from '../../domain/types.js';
import { toApiError } from '../../domain/errors.js';
import type { Log } from '../../foundations/logger.js';
import type { Db, Dialect } from '../../storage/database.js';
import * as tracked from '../../storage/repositories/tracked-shipments.js';
import { startLoop, type BackgroundLoop } from '../kernel/index.js';
import type { Metrics } from '../../foundations/metrics.js';
import { createLimiter, type Limiter } from '../../foundations/limiter.js';
import type { createTrackingService } from './tracking.js';

const MINUTE = 60_000;
/** For a carrier no longer registered (rows outlive configuration); each carrier declares its own. */
const DEFAULT_POLL_MS = 30 * MINUTE;
/** Stages after which nothing more happens. */
const FINAL: ReadonlySet<TrackingStage> = new Set(['DELIVERED', 'SHIPMENT_VOIDED']);
/** Stages where the next change is hours away at most: polled three times as often. */
const IMMINENT: ReadonlySet<TrackingStage> = new Set(['OUT_FOR_DELIVERY', 'DRIVER_ASSIGNED']);
export const MAX_TRACKING_MS = 60 * 24 * 60 * MINUTE;
/** A claimed row is held this long; a poller that dies lets it go after that. */
const LEASE_MS = 5 * MINUTE;

/** `stages`: the result's stage and its latest checkpoint's (some carriers keep the first at IN_TRANSIT while out for delivery). */
export function pollIntervalMs(
  carrier: string,
  stages: (TrackingStage | null | undefined)[],
  override?: number,
): number {
  const base = override ?? (isCarrierSlug(carrier) ? declarations[carrier].trackingPollMs : DEFAULT_POLL_MS);
  return stages.some((s) => s && IMMINENT.has(s)) ? Math.max(1, Math.round(base / 3)) : base;
}

export interface TrackingPollerDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  tracking: Pick<ReturnType<typeof createTrackingService>, 'track'>;
  config: Config['tracking'] & { idleMs: number };
  log: Log;
  metrics?: Metrics;
}

export function startTrackingPoller(deps: TrackingPollerDeps): BackgroundLoop {
  const { db, clock, config, log } = deps;
  const limiters = new Map<string, Limiter>();
  const limiterFor = (carrier: string) => {
    let l = limiters.get(carrier);
    if (!l) limiters.set(carrier, (l = createLimiter(config.pollConcurrency)));
    return l;
  };
  // Claimed rows wait for a carrier slot; claim no more than a few rounds of slots ahead.
  const maxQueued = config.pollConcurrency * 10;

  async function poll(row: tracked.TrackedRow): Promise<void> {
    let stage = (row.stage as TrackingStage | null) ?? null;
    let latest: TrackingStage | undefined;
    let lastError: string | null = null;
    let stop = false;
    try {
      const result = await deps.tracking.track(
        row.tenant,
        {
          shipping_account: row.shipping_account_id,
          tracking_number: row.tracking_number,
          refresh: true,
          ...(row.test ? { test: true } : {}),
        },
        log,
      );
      stage = result.tracking_stage;
      latest = result.checkpoints?.[0]?.tracking_stage;
      stop = FINAL.has(stage);
    } catch (err) {
      const apiErr = toApiError(err);
      lastError = `${apiErr.code}: ${apiErr.message}`;
      // Nobody can track the number again without its account.
      stop = apiErr.code === 'shipping_account_not_found';
    }
    const now = clock.now();
    if (now.getTime() - Date.parse(row.started_at) >= MAX_TRACKING_MS) stop = true;
    const next = new Date(
      now.getTime() + pollIntervalMs(row.carrier, [stage, latest], config.pollIntervalMs),
    ).toISOString();
    await tracked.finishPoll(db, row, {
      stage,
      state: stop ? 'done' : 'active',
      next_poll_at: next,
      last_error: lastError,
    });
  }

  async function step(): Promise<boolean> {
    const room = maxQueued - loop.inFlight;
    if (room <= 0) return false;
    const now = clock.now();
    const rows = await tracked.claimDue(db, deps.dialect, {
      now: now.toISOString(),
      lockedUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
      limit: room,
    });
    for (const row of rows) {
      loop.spawn(
        limiterFor(row.carrier).run(() => poll(row)),
        (err) => log.error({ err, tracking_number: row.tracking_number }, 'background tracking failed'),
      );
    }
    return rows.length === room;
  }

  const loop = startLoop('tracking poller', step, {
    idleMs: config.idleMs,
    log,
    onInFlight: (n) => deps.metrics?.jobsInFlight('tracking_poll', n),
  });
  return loop;
}
