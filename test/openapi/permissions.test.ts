/**
 * Every operation of /openapi.json that needs a key declares the permission it needs
 * (`config: { permission }`, written into the document as `x-permission` by http/permissions.ts),
 * and that permission is one of domain/permissions.ts. Public operations (no security) declare none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isPermission, PERMISSIONS, ROLE_PERMISSIONS } from '../../src/domain/permissions.js';
import { useTestApp } from '../support/app.js';

const s = useTestApp();
let ops: { name: string; op: any }[];

beforeAll(async () => {
  const doc = (await s.t.call('GET', '/openapi.json', undefined)).body;
  ops = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
});

describe('permissions of the operations', () => {
  it('declares a known permission on every operation that is not public', () => {
    expect(ops.length).toBeGreaterThan(40);
    const missing = ops
      .filter(({ op }) => op.security?.length !== 0 && !isPermission(op['x-permission']))
      .map(({ name }) => name);
    expect(missing, 'add config: { permission } to these routes').toEqual([]);
  });

  it('declares none on public operations', () => {
    const publicOps = ops.filter(({ op }) => op.security?.length === 0);
    expect(publicOps.length).toBeGreaterThan(3);
    expect(publicOps.filter(({ op }) => op['x-permission'] !== undefined).map(({ name }) => name)).toEqual([]);
  });

  it('uses every permission somewhere, and the owner holds them all', () => {
    const used = new Set(ops.map(({ op }) => op['x-permission']));
    // users.owners is decided by the users service (who may change an owner), not by a route.
    expect(Object.keys(PERMISSIONS).filter((p) => !used.has(p) && p !== 'users.owners')).toEqual([]);
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });
});
