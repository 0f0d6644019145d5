/**
 * Finding: webhook URLs into private space were accepted when the IPv4 address hid in an IPv6 one
 * (compatible, mapped, translated, 6to4, NAT64), in documentation ranges, under special-use names
 * or behind a name resolving to loopback; and delivery errors echoed resolved addresses.
 */
import { describe, expect, it } from 'vitest';
import { createSender } from '../../src/services/webhooks/sender.js';
import { embeddedIpv4, isBlockedAddress, withoutAddresses } from '../../src/services/webhooks/special-addresses.js';
import { checkEndpointHost } from '../../src/services/webhooks/url.js';
import { expectError, useTestApp } from '../support/app.js';

const s = useTestApp();

describe('webhook endpoints in private or special-use space', () => {
  it.each([
    'http://[::127.0.0.1]/',
    'http://[::ffff:0:7f00:1]/',
    'http://[2002:7f00:1::]/',
    'http://[64:ff9b::a00:1]/',
    'http://[2001:db8::1]/',
    'http://192.0.2.1/',
    'http://198.51.100.7/',
    'http://203.0.113.9/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://localhost.localdomain/',
    'http://printer.local/',
  ])('refuses %s at registration', async (url) => {
    expectError(
      await s.t.call('POST', '/webhooks', s.key, { webhook: { url, events: ['*'] } }),
      400,
      'schema_validation_error',
    );
  });

  it('refuses a name that resolves to loopback now; accepts one that resolves publicly or not yet', async () => {
    const dns = (answers: Record<string, string[]>) => async (host: string) => answers[host] ?? [];
    await expect(
      checkEndpointHost(
        'http://rebound.example/',
        false,
        'webhook.url',
        dns({ 'rebound.example': ['93.184.215.14', '127.0.0.1'] }),
      ),
    ).rejects.toMatchObject({ code: 'schema_validation_error' });
    await expect(
      checkEndpointHost('http://v6.example/', false, 'webhook.url', dns({ 'v6.example': ['::ffff:0:a00:1'] })),
    ).rejects.toMatchObject({ code: 'schema_validation_error' });
    await expect(
      checkEndpointHost('http://public.example/', false, 'webhook.url', dns({ 'public.example': ['93.184.215.14'] })),
    ).resolves.toBeUndefined();
    await expect(checkEndpointHost('http://later.example/', false, 'webhook.url', dns({}))).resolves.toBeUndefined();
  });

  it('finds IPv4 inside IPv6 by every standard embedding', () => {
    expect(
      ['::127.0.0.1', '::ffff:127.0.0.1', '::ffff:0:7f00:1', '2002:7f00:1::', '64:ff9b::7f00:1'].map(embeddedIpv4),
    ).toEqual(Array(5).fill('127.0.0.1'));
    expect(isBlockedAddress('2002:0808:0808::1')).toBe(false);
    expect(isBlockedAddress('2002:0a00:0001::1')).toBe(true);
    expect(isBlockedAddress('2606:4700::1111')).toBe(false);
  });
});

describe('delivery errors', () => {
  it('do not name the addresses a name resolved to', async () => {
    const sender = createSender({ timeoutMs: 2_000, allowPrivate: false });
    try {
      const out = await sender.send({
        url: 'http://localhost:9/x',
        eventId: 'evt_1',
        body: '{}',
        secrets: ['whsec_x'],
        now: new Date(),
      });
      expect(out.ok).toBe(false);
      expect(out.error).not.toMatch(/127\.0\.0\.1|::1/);
    } finally {
      await sender.close();
    }
    expect(withoutAddresses('ECONNREFUSED: connect ECONNREFUSED 93.184.215.14:443')).toBe(
      'ECONNREFUSED: connect ECONNREFUSED <address>',
    );
    expect(withoutAddresses('connect ECONNREFUSED ::1:443, and [2606:4700::1111]:80.')).toBe(
      'connect ECONNREFUSED <address>, and <address>.',
    );
  });
});
