/**
 * Delivery-time address checks: the name is resolved when the connection is made and every
 * address it resolves to is checked, so a host that turned private since registration (DNS
 * rebinding) gets nothing. Redirects are not followed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSender } from '../../src/services/webhooks/sender.js';
import { isBlockedAddress } from '../../src/services/webhooks/url.js';
import { projectRoot } from '../support/process.js';
import { startReceiver, verifyWaybillSignature, type Receiver } from '../support/webhook-receiver.js';

let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx.close());

const guarded = createSender({ timeoutMs: 2_000, allowPrivate: false });
const open = createSender({ timeoutMs: 2_000, allowPrivate: true });
afterAll(async () => {
  await guarded.close();
  await open.close();
});
const attempt = (sender: typeof guarded, url: string) =>
  sender.send({ url, eventId: 'evt_1', body: '{"id":"evt_1"}', secrets: ['whsec_test'], now: new Date() });

describe('delivery-time address checks', () => {
  it('refuses a name that resolves to loopback, at connect time', async () => {
    const port = new URL(rx.url).port;
    const out = await attempt(guarded, `http://localhost:${port}/rebound`);
    expect(out.ok).toBe(false);
    expect(out.statusCode).toBeNull();
    expect(out.error).toContain('resolves to');
    expect(rx.at('/rebound')).toHaveLength(0);
  });

  it('refuses a private address given literally', async () => {
    const out = await attempt(guarded, `${rx.url}/literal`);
    expect(out).toMatchObject({ ok: false, statusCode: null });
    expect(out.error).toContain('127.0.0.1');
    expect(rx.at('/literal')).toHaveLength(0);
  });

  it('delivers there when private addresses are allowed, signed as documented', async () => {
    const out = await attempt(open, `${rx.url}/allowed`);
    expect(out).toMatchObject({ ok: true, statusCode: 200, error: null });
    const [got] = rx.at('/allowed');
    expect(verifyWaybillSignature(got!.raw, got!.signature, ['whsec_test'])).toBe(true);
    expect(verifyWaybillSignature(got!.raw, got!.signature, ['whsec_other'])).toBe(false);
    expect(verifyWaybillSignature(`${got!.raw} `, got!.signature, ['whsec_test'])).toBe(false);
  });

  it.each([
    ['127.0.0.1', true],
    ['10.0.0.8', true],
    ['172.31.255.255', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.100.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:10.0.0.1', true],
    ['8.8.8.8', false],
    ['203.0.113.7', true],
    ['2606:4700::1111', false],
  ])('%s blocked: %s', (address, blocked) => {
    expect(isBlockedAddress(address)).toBe(blocked);
  });
});

it('verifies signatures with exactly the code the README shows', () => {
  const fn = (text: string) => /^function verifyWaybillSignature[\s\S]*?^}$/m.exec(text)?.[0];
  const readme = fn(readFileSync(join(projectRoot, 'README.md'), 'utf8'));
  expect(readme).toBeDefined();
  expect(fn(readFileSync(join(projectRoot, 'test/support/webhook-receiver.ts'), 'utf8'))).toBe(readme);
});
