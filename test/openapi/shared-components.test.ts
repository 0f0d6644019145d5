/**
 * /openapi.json gives what operations repeat once (http/openapi-components.ts): every error answer
 * is a `$ref` to its status's shared answer, whose body is components.schemas.Error, and a contract
 * schema used more than once is written once. It was 1.46 MB with all of them inlined; a bound
 * here keeps a new route from bringing the copies back.
 */
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/contract/common.js';
import { Address } from '../../src/contract/common.js';
import { ERROR_CODES } from '../../src/domain/errors.js';
import { ERROR_STATUS } from '../../src/http/errors.js';
import { useTestApp } from '../support/app.js';

const s = useTestApp();
let raw: string;
let doc: any;
beforeAll(async () => {
  const res = await s.t.call('GET', '/openapi.json', undefined);
  raw = res.raw;
  doc = res.body;
});

const ops = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe('/openapi.json', () => {
  it('refers every error answer to the shared one of its status, with every code of that status', () => {
    const shared = doc.components.responses as Record<string, any>;
    for (const { name, op } of ops()) {
      for (const [status, res] of Object.entries<any>(op.responses)) {
        if (Number(status) < 400) continue;
        expect(res.$ref, `${name} ${status}`).toMatch(/^#\/components\/responses\/[A-Za-z]+$/);
        const answer = shared[res.$ref.split('/').pop()];
        expect(answer.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
        const codes = Object.values<any>(answer.content['application/json'].examples).map((ex) => ex.value.error.code);
        expect(codes.sort(), `${name} ${status}`).toEqual(
          ERROR_CODES.filter((c) => ERROR_STATUS[c] === Number(status)).sort(),
        );
      }
    }
    expect(doc.components.schemas.Error).toEqual(JSON.parse(JSON.stringify(ErrorBody)));
  });

  it('writes a contract schema used in several places once, under its name', () => {
    expect(doc.components.schemas.Address).toEqual(JSON.parse(JSON.stringify(Address)));
    // Not one copy of the address schema is left in the operations.
    expect(JSON.stringify(doc.paths)).not.toContain(JSON.stringify(Address));
    expect(JSON.stringify(doc.paths)).toContain('"$ref":"#/components/schemas/Address"');
    // Every reference names something the document has.
    for (const ref of new Set(raw.match(/#\/components\/[a-z]+\/[A-Za-z0-9]+/g))) {
      const [, , kind, name] = ref.split('/');
      expect(doc.components[kind!]?.[name!], ref).toBeDefined();
    }
  });

  // 32 kB since POST /batches/preview (1.4 kB compressed, most of it the CSV query it shares with POST /batches).
  it('stays small: under 300 kB (1.46 MB inlined), under 32 kB compressed', () => {
    expect(Buffer.byteLength(raw)).toBeLessThan(300_000);
    expect(gzipSync(raw).byteLength).toBeLessThan(32_000);
  });
});
