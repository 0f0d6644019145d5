/**
 * The `Waybill-Version` request header: the newest version when absent, the named one when known,
 * a 400 in the error shape when not; every answer names the version it was written in.
 */
import { describe, expect, it } from 'vitest';
import { API_VERSIONS, CURRENT_API_VERSION } from '../../src/contract/versions.js';
import { expectError, useTestApp } from '../support/app.js';

const s = useTestApp();

describe('Waybill-Version', () => {
  it('is the newest dated version when the request names none, on every kind of answer', async () => {
    expect(CURRENT_API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(API_VERSIONS.at(-1)).toBe(CURRENT_API_VERSION);
    for (const [method, url, key] of [
      ['GET', '/healthz', undefined],
      ['GET', '/meta/carriers', s.key],
      ['GET', '/webhooks', 'wrong'],
      ['GET', '/nope', undefined],
      ['GET', '/openapi.json', undefined],
      ['GET', '/docs/', undefined],
    ] as const) {
      const res = await s.t.call(method, url, key);
      expect(res.headers['waybill-version'], url).toBe(CURRENT_API_VERSION);
    }
    const invalid = await s.t.call('POST', '/rate', s.key, { shipment: {} });
    expect(invalid.status).toBe(400);
    expect(invalid.headers['waybill-version']).toBe(CURRENT_API_VERSION);
  });

  it('echoes a version the caller names', async () => {
    for (const version of API_VERSIONS) {
      const res = await s.t.call('GET', '/meta/carriers', s.key, undefined, { 'waybill-version': version });
      expect(res.status).toBe(200);
      expect(res.headers['waybill-version']).toBe(version);
    }
  });

  it('refuses an unknown version with a 400 naming the known ones, before the key is looked at', async () => {
    for (const version of ['2020-01-01', 'latest', '2026-11-26x']) {
      for (const key of [s.key, undefined]) {
        const res = await s.t.call('GET', '/meta/carriers', key, undefined, { 'waybill-version': version });
        const err = expectError(res, 400, 'schema_validation_error');
        expect(err.detail).toBe('header Waybill-Version');
        expect(err.message).toContain(CURRENT_API_VERSION);
        expect(res.headers['waybill-version']).toBe(CURRENT_API_VERSION);
      }
    }
  });
});
