/**
 * The served /openapi.json is a valid OpenAPI 3.1 document that types a client fully: types are
 * generated from it with openapi-typescript, a small openapi-fetch program is type-checked against
 * them and then run against the service.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCarrierA } from '../contract/support.js';
import { projectRoot } from '../support/process.js';

const s = useCarrierA();
let doc: any;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  doc = (await s.t.call('GET', '/openapi.json', undefined)).body;
  baseUrl = await s.t.app.listen({ host: '127.0.0.1', port: 0 });
  // Inside the project, so that the program resolves openapi-fetch from its node_modules.
  dir = mkdtempSync(join(projectRoot, 'test', 'openapi', '.generated-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

describe('/openapi.json', () => {
  it('validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(doc));
  });

  it('gives every operation a real 2xx schema and every error the error body', () => {
    for (const { path, method, op } of operations()) {
      const ok = op.responses['200'] ?? op.responses['201'] ?? op.responses['202'];
      expect(ok, `${method} ${path}`).toBeDefined();
      for (const [type, media] of Object.entries(ok.content as Record<string, { schema: Record<string, unknown> }>)) {
        // A schema the document shares (components.schemas) looked up.
        const schema = media.schema.$ref
          ? doc.components.schemas[(media.schema.$ref as string).split('/').pop()!]
          : media.schema;
        expect(
          ['object', 'array', 'string'].includes(schema.type as string) || Array.isArray(schema.anyOf),
          `${method} ${path} ${type}`,
        ).toBe(true);
      }
      for (const [status, ref] of Object.entries(op.responses as Record<string, any>)) {
        if (Number(status) < 400) continue;
        // Error answers are shared (components.responses), their body components.schemas.Error.
        const res = ref.$ref ? doc.components.responses[ref.$ref.split('/').pop()] : ref;
        const body = res.content['application/json'].schema;
        const schema = body.$ref ? doc.components.schemas[body.$ref.split('/').pop()] : body;
        expect(schema.required, `${method} ${path} ${status}`).toEqual(['error']);
        expect(schema.properties.error.required).toEqual(['code', 'message', 'detail']);
      }
    }
  });

  it('describes the batch tracking answer as an array of results or errors', () => {
    const schema = doc.paths['/track'].post.responses['200'].content['application/json'].schema;
    const batch = schema.anyOf.find((x: { type?: string }) => x.type === 'array');
    // A result is the shared TrackingResultView, referred to; an error is written in place.
    const deref = (x: { $ref?: string; required?: string[] }) =>
      x.$ref ? doc.components.schemas[x.$ref.split('/').pop()!] : x;
    expect(batch.items.anyOf.map((x: { $ref?: string }) => deref(x).required.includes('error'))).toEqual([false, true]);
  });
});

describe('a client typed from /openapi.json', () => {
  it('type-checks and runs: register, rate, book, track, cancel', async () => {
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(structuredClone(doc))));
    const program = join(dir, 'client.ts');
    writeFileSync(program, readFileSync(join(projectRoot, 'test', 'openapi', 'client-program.txt'), 'utf8'));

    const checked = ts.createProgram([program], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      noUncheckedIndexedAccess: true,
      types: ['node'],
    });
    const problems = ts.getPreEmitDiagnostics(checked).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);

    const { run } = (await import(program)) as {
      run: (baseUrl: string, key: string) => Promise<Record<string, unknown>>;
    };
    const out = await run(baseUrl, s.key);
    expect(out.account).toMatch(/^[1-9]\d{0,14}$/);
    expect(out.units).toBeNull();
    expect(out.price).toMatch(/^\d+\.\d{2}$/);
    expect(out.label).toMatch(/\/labels\//);
    expect(out.net).toMatch(/^\d+\.\d{2}$/);
    expect(out.stage).toBe('CREATED');
    expect(out.slots).toEqual(['CREATED', 'error:schema_validation_error']);
    expect(out.message).toMatch(/\S/);
    expect(out.refusal).toBe('conflict');
  }, 60_000);
});
