/**
 * The steps of one request phase run as one hook (http/hook-boundary.ts, guardedSteps): in order,
 * without a promise until a step returns one, stopping at the first failure (answered in the error
 * shape by the error handler) or at a step that answered itself, as separate hooks did.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedSteps, type Step } from '../../src/http/hook-boundary.js';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** A real server on a free port whose one route's onRequest phase is `steps`; each step notes its name. */
async function serve(steps: (ran: string[]) => Step[]): Promise<{ get(): Promise<Response>; ran: string[] }> {
  const ran: string[] = [];
  app = Fastify();
  app.addHook('onRequest', guardedSteps(...steps(ran)));
  app.setErrorHandler((err: Error, _req, reply) => reply.status(418).send({ error: err.message }));
  app.get('/', () => {
    ran.push('route');
    return { ok: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { get: () => fetch(url), ran };
}

describe('steps of one phase as one hook', () => {
  it('runs every step in order, those after a promise once it settles, then the route', async () => {
    const s = await serve((ran) => [
      (_req, reply) => {
        ran.push('a');
        reply.header('x-a', '1');
      },
      () => Promise.resolve().then(() => void ran.push('b')),
      () => void ran.push('c'),
    ]);
    const res = await s.get();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-a')).toBe('1');
    expect(s.ran).toEqual(['a', 'b', 'c', 'route']);
  });

  it('stops at a step that throws or rejects; what it threw is answered by the error handler', async () => {
    for (const failing of [
      () => {
        throw new Error('thrown');
      },
      () => Promise.reject(new Error('rejected')),
      () => Promise.resolve().then(() => Promise.reject('not an error')),
    ] as Step[]) {
      const s = await serve((ran) => [
        (_req, reply) => void reply.header('x-a', '1'),
        failing,
        () => void ran.push('after'),
      ]);
      const res = await s.get();
      expect(res.status).toBe(418);
      // The headers of the steps before the failure stay on the answer.
      expect(res.headers.get('x-a')).toBe('1');
      expect(((await res.json()) as { error: string }).error).toMatch(/thrown|rejected|not an error/);
      expect(s.ran).toEqual([]);
      await app!.close();
      app = undefined;
    }
  });

  it('does not go on after a step that answered itself', async () => {
    const s = await serve((ran) => [
      (_req, reply) => Promise.resolve().then(() => void reply.status(202).send({ answered: true })),
      () => void ran.push('after'),
    ]);
    const res = await s.get();
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ answered: true });
    expect(s.ran).toEqual([]);
  });

  it('does not go on after a step that answered itself at once', async () => {
    const s = await serve((ran) => [
      (_req, reply) => void reply.status(202).send({ answered: true }),
      () => void ran.push('after'),
    ]);
    const res = await s.get();
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ answered: true });
    expect(s.ran).toEqual([]);
  });
});
