/**
 * Actions that cost money or change a carrier object (buy, upload a batch, cancel, void, schedule a
 * pickup, add funds, create a return): one Idempotency-Key per user intent, so that a double click,
 * a retry after a lost answer or a second tab's click of the same thing reaches the carrier once.
 *
 * An intent is what the user asked for: the action's input. Its key is made when it is first sent
 * and kept for every attempt of that same input (the service replays the stored answer, or releases
 * the key after a 4xx that changed nothing); a changed input, or a success, starts a new intent.
 * While an attempt is in flight the action ignores further calls, before the page has even redrawn
 * its disabled button.
 */
import { useCallback, useRef, useState } from 'preact/hooks';
import { ApiFailure } from '../shared/api';

/** 128 random bits; crypto.getRandomValues works on plain http too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `console-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** How long an attempt waits for the same intent still running elsewhere (a tab, a lost answer). */
const IN_USE_TRIES = 30;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function message(err: unknown): string {
  if (!(err instanceof ApiFailure)) return err instanceof Error ? err.message : String(err);
  // A kept 5xx is replayed to every retry of the same intent: say so, as the carrier may have acted.
  return err.replayed
    ? `${err.message} (the answer to the first attempt of this same request: check before trying again, or change the form to make a new request)`
    : err.message;
}

export interface IntentAction {
  busy: boolean;
  error?: string;
  setError: (e?: string) => void;
  /** Runs fn with the intent's Idempotency-Key; undefined when it failed or was already running. */
  run: <T>(input: unknown, fn: (idempotencyKey: string) => Promise<T>) => Promise<T | undefined>;
}

export function useIntent(): IntentAction {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const inFlight = useRef(false);
  const intent = useRef<{ input: string; key: string }>();
  const run = useCallback(
    async <T>(input: unknown, fn: (idempotencyKey: string) => Promise<T>): Promise<T | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setBusy(true);
      setError(undefined);
      const print = JSON.stringify(input) ?? '';
      if (intent.current?.input !== print) intent.current = { input: print, key: newIdempotencyKey() };
      const idempotencyKey = intent.current.key;
      try {
        for (let tries = 1; ; tries++) {
          try {
            const out = await fn(idempotencyKey);
            intent.current = undefined;
            return out;
          } catch (err) {
            if (!(err instanceof ApiFailure && err.code === 'idempotency_key_in_use' && tries < IN_USE_TRIES))
              throw err;
            await pause(1000);
          }
        }
      } catch (err) {
        setError(message(err));
        return undefined;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [],
  );
  return { busy, error, setError, run };
}
