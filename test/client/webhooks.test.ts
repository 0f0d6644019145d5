/** The client verifies webhook requests exactly as the service's sender signs them. */
import { describe, expect, it } from 'vitest';
import { parseWebhook, verifyWebhook, WaybillSignatureError } from '../../packages/client/src/index.js';
import { signatureHeader } from '../../src/services/webhooks/sender.js';

const body = JSON.stringify({
  id: 'evt_1',
  type: 'shipment.created',
  created: '2026-01-02T03:04:05Z',
  data: { tracking_number: '1Z999' },
});
const t = 1_767_000_000;

const refused = (p: Promise<unknown>) => expect(p).rejects.toBeInstanceOf(WaybillSignatureError);

describe('verifyWebhook', () => {
  it('accepts the service’s signature and parses the event', async () => {
    const header = signatureHeader(['whsec_new'], t, body);
    await expect(verifyWebhook({ payload: body, header, secret: 'whsec_new', now: t })).resolves.toBeUndefined();
    expect(
      await parseWebhook({ payload: new TextEncoder().encode(body), header, secret: 'whsec_new', now: t + 10 }),
    ).toMatchObject({ id: 'evt_1', type: 'shipment.created' });
  });

  it('accepts either secret during a rotation, from either side', async () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], t, body);
    await verifyWebhook({ payload: body, header, secret: 'whsec_old', now: t });
    await verifyWebhook({ payload: body, header, secret: ['whsec_new', 'whsec_other'], now: t });
  });

  it('refuses another secret, an altered body, a time outside the tolerance and a malformed header', async () => {
    const header = signatureHeader(['whsec_new'], t, body);
    await refused(verifyWebhook({ payload: body, header, secret: 'whsec_wrong', now: t }));
    await refused(verifyWebhook({ payload: body.replace('1Z999', '1Z998'), header, secret: 'whsec_new', now: t }));
    await refused(verifyWebhook({ payload: body, header, secret: 'whsec_new', now: t + 301 }));
    await refused(verifyWebhook({ payload: body, header, secret: 'whsec_new', now: t - 301 }));
    await verifyWebhook({ payload: body, header, secret: 'whsec_new', now: t + 900, toleranceSeconds: 900 });
    await refused(verifyWebhook({ payload: body, header: undefined, secret: 'whsec_new', now: t }));
    await refused(verifyWebhook({ payload: body, header: `t=${t}`, secret: 'whsec_new', now: t }));
    const flipped = header.slice(0, -1) + (header.endsWith('0') ? '1' : '0');
    await refused(verifyWebhook({ payload: body, header: flipped, secret: 'whsec_new', now: t }));
  });
});
