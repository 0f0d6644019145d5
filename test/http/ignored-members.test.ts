/** Members the interface does not name are ignored, and named: in a response header and the debug log. */
import { expect, it } from 'vitest';
import { shipment, useCarrierA } from '../contract/support.js';

const s = useCarrierA();

it('names each ignored member by its path, and books as before', async () => {
  const body = shipment(s.account, {
    service: 'carrier_a_ground',
    label_typ: 'ZPLII',
    referneces: [{ type: 'order', value: '1' }],
  });
  (body.shipment.packages as Record<string, unknown>[])[0]!.wieght = 3;
  const res = await s.t.call('POST', '/ship', s.key, body, { 'x-request-id': 'typos' });
  expect(res.status, res.raw).toBe(200);
  expect(res.headers['waybill-ignored-members']).toBe(
    'shipment.packages[0].wieght, shipment.label_typ, shipment.referneces',
  );
  expect(res.body.shipment.label_type).toBe('PDF');
  const line = s.t.logs
    .map((l) => JSON.parse(l) as { reqId?: string; ignored?: string[] })
    .find((l) => l.reqId === 'typos' && l.ignored);
  expect(line?.ignored).toEqual(['shipment.packages[0].wieght', 'shipment.label_typ', 'shipment.referneces']);
});

it('says nothing when every member is named', async () => {
  const res = await s.t.call('POST', '/rate', s.key, shipment(s.account));
  expect(res.status, res.raw).toBe(200);
  expect(res.headers['waybill-ignored-members']).toBeUndefined();
});
