/** Members the interface does not name are ignored, and named: in a response header and the debug log. */
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ignoredMembers } from '../../src/http/ignored-members.js';
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

describe('the walk, on schemas of each kind', () => {
  const point = Type.Object({ x: Type.Number(), y: Type.Number() });
  const label = Type.Object({ x: Type.Number(), text: Type.String() });
  const walk = (schema: unknown, value: unknown) => {
    const out: string[] = [];
    ignoredMembers(schema as Parameters<typeof ignoredMembers>[0], value, '', out);
    return out;
  };

  it('names what no alternative of a union names, and a member only where none of them reads it', () => {
    const either = Type.Union([point, label]);
    expect(walk(either, { x: 1, y: 2, text: 't', z: 3 })).toEqual(['z']);
    const nested = Type.Union([
      Type.Object({ at: point }),
      Type.Object({ at: Type.Object({ x: Type.Number(), z: Type.Number() }) }),
    ]);
    // y is read by the first alternative, z by the second, w by neither.
    expect(walk(nested, { at: { x: 1, y: 2, z: 3, w: 4 } })).toEqual(['at.w']);
  });

  it('walks array items by index, and stops at a free-form map', () => {
    const list = Type.Object({ points: Type.Array(point), extra: Type.Record(Type.String(), Type.Unknown()) });
    expect(
      walk(list, {
        points: [
          { x: 1, y: 2 },
          { x: 1, q: 2 },
        ],
        extra: { anything: 1 },
      }),
    ).toEqual(['points[1].q']);
  });

  it('gives the same answer for a schema walked again (its plan is kept), and names a member called like an object method', () => {
    const body = Type.Object({ shipment: point });
    const value = { shipment: { x: 1, y: 2, constructor: 3 }, toString: 'x' };
    expect(walk(body, value)).toEqual(['shipment.constructor', 'toString']);
    expect(walk(body, value)).toEqual(['shipment.constructor', 'toString']);
  });
});
