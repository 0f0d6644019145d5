/**
 * Finding: bodies of 1 MiB or more share two threads, and no request had a read deadline: two
 * connections that sent 1.3 MB of a batch and then nothing held both threads for 5.5 minutes, and
 * another tenant's upload waited for them. Now a body of which nothing arrives for the idle timeout
 * is refused and its connection closed, a request not all arrived within the total deadline too,
 * and one tenant never holds every thread while another tenant waits. Real sockets, short
 * configured timeouts.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyThreadUse, THREAD_BYTES } from '../../src/foundations/body-thread.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { waitFor } from '../support/webhook-receiver.js';

const HEAD = '{"batch":{"shipments":[';

interface Upload {
  socket: Socket;
  /** What the server answered, once it closed the connection. */
  closed: Promise<string>;
}

/** A POST /batches that declares `declared` bytes and sends `sent` of them (more with `more`). */
function upload(port: number, key: string, declared: number, sent: number): Upload & { more(bytes: number): void } {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(
    `POST /batches HTTP/1.1\r\nHost: 127.0.0.1\r\nzkkey: ${key}\r\ncontent-type: application/json\r\ncontent-length: ${declared}\r\n\r\n`,
  );
  // White space inside the list: JSON so far, however much of it arrives.
  socket.write(HEAD + ' '.repeat(sent - HEAD.length));
  let answer = '';
  socket.on('data', (d) => (answer += d));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)));
  return { socket, closed, more: (bytes) => void socket.write(' '.repeat(bytes)) };
}

function errorOf(answer: string): {
  status: number;
  close: boolean;
  error: { code: string; message: string; detail: string };
} {
  const [head, body] = answer.split('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head!)?.[1]),
    close: /^connection: close$/im.test(head!),
    error: JSON.parse(body!).error,
  };
}

async function listening(env: Record<string, string>): Promise<{ t: TestApp; port: number }> {
  const t = await createTestApp({ env });
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { t, port: Number(new URL(base).port) };
}

describe('a batch body that stops arriving', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((t) => t.close())));

  it('is refused after the idle timeout, on the event loop and on a thread, and its connection closed', async () => {
    const { t, port } = await listening({ WAYBILL_BODY_IDLE_TIMEOUT_MS: '300', WAYBILL_BODY_TIMEOUT_MS: '600000' });
    apps.push(t);
    const key = await t.key('slowco');
    // 100 KB: read on the event loop; 1.3 MB: past THREAD_BYTES, so on a thread.
    for (const sent of [100_000, 1_300_000]) {
      const stalled = upload(port, key, 2_000_000, sent);
      const answer = errorOf(await stalled.closed);
      expect(answer.status, String(sent)).toBe(400);
      expect(answer.close).toBe(true);
      expect(answer.error).toMatchObject({
        code: 'schema_validation_error',
        detail: 'body',
        message: expect.stringContaining('Nothing more of the body arrived for 300 ms'),
      });
    }
    // The thread was given back.
    await waitFor(async () => bodyThreadUse().running === 0 || undefined, 'the body thread to end', 10_000);
    expect(bodyThreadUse()).toEqual({ running: 0, waiting: 0 });
  }, 30_000);

  it('is refused at the total deadline even while bytes still trickle in, and its connection closed', async () => {
    const { t, port } = await listening({ WAYBILL_BODY_IDLE_TIMEOUT_MS: '600000', WAYBILL_BODY_TIMEOUT_MS: '800' });
    apps.push(t);
    const trickle = upload(port, await t.key('slowco'), 2_000_000, 10_000);
    // A byte every 50 ms: never idle, never done.
    const drip = setInterval(() => trickle.more(1), 50);
    try {
      const answer = errorOf(await trickle.closed);
      expect(answer.status).toBe(400);
      expect(answer.error).toMatchObject({
        code: 'schema_validation_error',
        message: 'The request was not received completely in time',
      });
    } finally {
      clearInterval(drip);
    }
  }, 30_000);
});

describe('the body threads between tenants', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it("one tenant's stalled uploads hold one thread at most: another tenant's large upload is read meanwhile", async () => {
    // Timeouts far away: the stalled uploads keep what they hold for the whole test.
    const app = await listening({ WAYBILL_BODY_IDLE_TIMEOUT_MS: '600000', WAYBILL_BODY_TIMEOUT_MS: '600000' });
    t = app.t;
    const slow = await t.key('slowco');
    const stalled = [upload(app.port, slow, 2_000_000, 1_300_000), upload(app.port, slow, 2_000_000, 1_300_000)];
    try {
      // Both past their first MiB: one reading on a thread, the other waiting for one.
      await waitFor(
        async () => bodyThreadUse().running + bodyThreadUse().waiting === 2 || undefined,
        'both stalled bodies at the threads',
        20_000,
      );
      expect(bodyThreadUse()).toEqual({ running: 1, waiting: 1 });

      // Another tenant's body over THREAD_BYTES, whole: read on the free thread and answered.
      const other = await t.key('otherco');
      const res = await fetch(`http://127.0.0.1:${app.port}/batches`, {
        method: 'POST',
        headers: { zkkey: other, 'content-type': 'application/json' },
        body: `{"batch":{"shipments":[]}}${' '.repeat(THREAD_BYTES)}`,
      });
      const body = (await res.json()) as { error: { code: string; detail: string } };
      expect(res.status).toBe(400);
      expect(body.error).toMatchObject({ code: 'schema_validation_error', detail: 'batch.shipments' });
      // The stalled tenant still holds one and waits for the other.
      expect(bodyThreadUse()).toEqual({ running: 1, waiting: 1 });
    } finally {
      for (const s of stalled) s.socket.destroy();
    }
    await waitFor(
      async () => (bodyThreadUse().running === 0 && bodyThreadUse().waiting === 0) || undefined,
      'the stalled bodies to let go',
      20_000,
    );
  }, 60_000);
});
