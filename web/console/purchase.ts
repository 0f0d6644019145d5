/**
 * A label purchase as one intent that outlives its page: the Idempotency-Key, the request and the
 * price are written to this tab's sessionStorage before the first attempt and struck out only once
 * the outcome is known. An answer that never came (the connection dropped, the carrier cut the call
 * or timed out) leaves the outcome unknown: the page says so, and asks again with the same key and
 * body, after a reload too, until the service answers the booking (a retry asks the carrier, and
 * the booking recovery stores what it finds) or says it never booked and books it once.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure } from '../shared/api';
import { call } from './call';
import { newIdempotencyKey } from './intent';
import type { Answer, Body } from '../../packages/client/src/types';

export type Booked = Answer<'createShipment'>['shipment'];

/** What was asked for, as the confirmation said it. */
export interface Purchase {
  body: Body<'createShipment'>;
  /** "FedEx Ground", the carrier's display name and the service's. */
  what: string;
  carrierName: string;
  serviceName: string;
  /** "$13.60": the price the confirmation named. */
  price: string;
}

interface Pending extends Purchase {
  key: string;
}

export type Outcome =
  | { kind: 'booked'; shipment: Booked; purchase: Purchase }
  | { kind: 'duplicate'; ids: string[]; message: string }
  | { kind: 'failed'; message: string };

const STORE = 'waybill.console.purchase';
/** How often an unknown outcome is asked about again; the service says to retry in 5 s. */
export const CHECK_EVERY_MS = 5000;

function saved(): Pending | undefined {
  try {
    const text = sessionStorage.getItem(STORE);
    return text ? (JSON.parse(text) as Pending) : undefined;
  } catch {
    return undefined;
  }
}

function save(p: Pending | undefined): void {
  try {
    if (p) sessionStorage.setItem(STORE, JSON.stringify(p));
    else sessionStorage.removeItem(STORE);
  } catch {
    // Storage refused (private mode, full): the intent lives as long as the page, as before.
  }
}

/** An attempt whose outcome the page cannot know: the carrier may have booked the label. */
function unknown(err: unknown): boolean {
  if (!(err instanceof ApiFailure)) return false;
  if (err.code === 'network' || err.code === 'idempotency_key_in_use') return true;
  return (
    err.status >= 500 &&
    ['carrier_timeout', 'carrier_failed_connection', 'service_unavailable', 'http'].includes(err.code)
  );
}

export function usePurchase(onOutcome: (o: Outcome) => void) {
  const [pending, setPending] = useState<Pending | undefined>(saved);
  const [state, setState] = useState<'idle' | 'sending' | 'unknown'>(() => (saved() ? 'unknown' : 'idle'));
  const [detail, setDetail] = useState<string>();
  /** Attempts that ended unknown; after a reload none yet, so the first check goes at once. */
  const [tries, setTries] = useState(0);
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const report = useRef(onOutcome);
  report.current = onOutcome;

  const attempt = useCallback(async (p: Pending) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setState((s) => (s === 'unknown' ? s : 'sending'));
    try {
      const res = await call('createShipment', { idempotencyKey: p.key, body: p.body });
      save(undefined);
      setPending(undefined);
      setState('idle');
      report.current({ kind: 'booked', shipment: res.shipment, purchase: p });
    } catch (err) {
      if (unknown(err)) {
        setDetail((err as Error).message);
        setState('unknown');
        setTries((n) => n + 1);
        return;
      }
      save(undefined);
      setPending(undefined);
      setState('idle');
      if (err instanceof ApiFailure && err.code === 'conflict' && err.status === 409)
        report.current({ kind: 'duplicate', ids: err.detail.split(',').filter(Boolean), message: err.message });
      else report.current({ kind: 'failed', message: (err as Error).message });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);

  const buy = useCallback(
    (purchase: Purchase) => {
      if (inFlight.current || saved()) return;
      const p: Pending = { ...purchase, key: newIdempotencyKey() };
      // Written before it is sent: a reload mid-call finds the intent and asks with the same key.
      save(p);
      setPending(p);
      setDetail(undefined);
      void attempt(p);
    },
    [attempt],
  );

  const checkNow = useCallback(() => {
    if (pending) void attempt(pending);
  }, [pending, attempt]);

  // Unknown: asked again with the same key and body until the service can say.
  useEffect(() => {
    if (state !== 'unknown' || !pending) return;
    const timer = setTimeout(() => void attempt(pending), tries === 0 ? 0 : CHECK_EVERY_MS);
    return () => clearTimeout(timer);
  }, [state, pending, attempt, tries]);

  return { pending, state, busy, detail, buy, checkNow };
}
