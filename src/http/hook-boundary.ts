/**
 * The error boundary of every callback hook with a promise in it. A callback hook that calls `done`
 * inside a promise's callback lets anything thrown there (a 429 from a limit checked after the key
 * lookup, once) escape as an unhandled rejection, which ends the process. Hooks are written instead
 * as steps, functions that return nothing or a promise; `guardedSteps` calls `done` exactly once,
 * with what a step threw or rejected with, so every failure reaches the error handler (app.ts) and
 * is answered in the error shape. A step that returns no promise costs none: the cached key's path
 * stays synchronous.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

type Done = (err?: Error) => void;
export type Step = (req: FastifyRequest, reply: FastifyReply) => void | PromiseLike<void>;
type SendStep<P> = (req: FastifyRequest, reply: FastifyReply, payload: P) => P | PromiseLike<P>;

const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/**
 * A hook of the request's way in (onRequest, preValidation, …) made of one or more steps, run in
 * order: each Fastify hook costs every request a turn of its hook runner and a `done` of its own, so
 * the steps of one phase (app.ts's onRequest and preValidation) are one hook. Steps run without a
 * promise until one returns a promise; the rest follow once it settles, unless that step answered
 * itself (reply sent). What a step throws or rejects with ends the hook with that error, as separate
 * hooks did, and the steps after it do not run.
 */
export function guardedSteps(...steps: Step[]): (req: FastifyRequest, reply: FastifyReply, done: Done) => void {
  const from = (first: number, req: FastifyRequest, reply: FastifyReply, done: Done): void => {
    for (let i = first; i < steps.length; i++) {
      let result: void | PromiseLike<void>;
      try {
        result = steps[i]!(req, reply);
      } catch (err) {
        return done(asError(err));
      }
      if (result) {
        result.then(
          () => {
            if (!reply.sent) from(i + 1, req, reply, done);
          },
          (err: unknown) => done(asError(err)),
        );
        return;
      }
      // A step that answered itself at once ends the hook as one that answered later does.
      if (reply.sent) return;
    }
    done();
  };
  return (req, reply, done) => from(0, req, reply, done);
}

/** An onSend hook: the step returns the payload to send, or a promise of it. */
export function guardedOnSend<P>(
  step: SendStep<P>,
): (req: FastifyRequest, reply: FastifyReply, payload: P, done: (err: Error | null, payload?: P) => void) => void {
  return (req, reply, payload, done) => {
    let result: P | PromiseLike<P>;
    try {
      result = step(req, reply, payload);
    } catch (err) {
      return done(asError(err));
    }
    if (!isThenable(result)) return done(null, result);
    result.then(
      (p) => done(null, p),
      (err: unknown) => done(asError(err)),
    );
  };
}

function isThenable<P>(v: P | PromiseLike<P>): v is PromiseLike<P> {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
}
