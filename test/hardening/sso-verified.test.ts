/**
 * Finding: single sign-on let a person in by e-mail when the provider sent `email_verified: "false"`
 * (a string) or no `email_verified` at all. Only the boolean `true` proves the address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { signOnAt, startWithProvider } from '../support/oidc-provider.js';

let t: TestApp;
let app: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, app, close } = await startWithProvider({
    stringly: { email: 'stringly@example.com', email_verified: 'false' },
    silent: { email: 'silent@example.com' },
    proven: { email: 'proven@example.com', email_verified: true },
  }));
  for (const email of ['stringly@example.com', 'silent@example.com', 'proven@example.com'])
    await t.user({ role: 'viewer', email });
});
afterAll(() => close?.());

describe('single sign-on by a verified address only', () => {
  it('refuses email_verified "false" and a missing claim; lets in the boolean true', async () => {
    for (const login of ['stringly', 'silent']) {
      const { landed, cookies } = await signOnAt(app, login);
      expect(landed, login).toBe('/console/?sso=failed');
      expect(cookies.has('waybill_session')).toBe(false);
    }
    expect((await signOnAt(app, 'proven')).landed).toBe('/console/shipments');
  });
});
