/**
 * What /openapi.json promises for every operation, so that a route added without it fails here
 * (src/http/routes/index.ts says how to add it): a unique operationId, a summary, success answers
 * that say what they are, a request example for every body, and error answers whose examples carry
 * codes of their own status (http/errors.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors.js';
import { ERROR_STATUS, ERROR_STATUSES } from '../../src/http/errors.js';
import { useTestApp } from '../support/app.js';

const s = useTestApp();
let ops: { name: string; op: any }[];
let doc: any;

beforeAll(async () => {
  doc = (await s.t.call('GET', '/openapi.json', undefined)).body;
  ops = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
});

/** An operation's answers, those the document shares (components.responses) looked up. */
const responses = (op: any, pick: (status: number) => boolean) =>
  Object.entries(op.responses as Record<string, any>)
    .filter(([status]) => pick(Number(status)))
    .map(
      ([status, res]) =>
        [status, res.$ref ? doc.components.responses[res.$ref.split('/').pop()] : res] as [string, any],
    );

describe('every operation of /openapi.json', () => {
  it('has a unique camelCase operationId and a summary', () => {
    expect(ops.length).toBeGreaterThan(40);
    const ids = ops.map(({ op }) => op.operationId);
    for (const { name, op } of ops) {
      expect(op.operationId, `${name}: operationId`).toMatch(/^[a-z][a-zA-Z0-9]+$/);
      expect(op.summary, `${name}: summary`).toMatch(/\S/);
    }
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      'operationIds used twice',
    ).toEqual([]);
  });

  it('says what each answer is', () => {
    for (const { name, op } of ops) {
      for (const [status, res] of responses(op, () => true)) {
        expect(res.description, `${name} ${status}`).toMatch(/\S/);
        expect(res.description, `${name} ${status}: wrap the schema in ok('…', Schema)`).not.toBe('Default Response');
      }
    }
  });

  it('gives every request body a named example', () => {
    for (const { name, op } of ops) {
      if (!op.requestBody) continue;
      const examples = op.requestBody.content['application/json'].examples ?? {};
      expect(Object.keys(examples).length, `${name}: withExamples(Body, examples.${op.operationId})`).toBeGreaterThan(
        0,
      );
      for (const [key, ex] of Object.entries(examples as Record<string, any>)) {
        expect(ex.summary, `${name} example ${key}`).toMatch(/\S/);
        expect(ex.value, `${name} example ${key}`).toBeTypeOf('object');
      }
    }
  });

  it('documents every error status with an example per code of that status, and no other', () => {
    for (const { name, op } of ops) {
      for (const [status, res] of responses(op, (n) => n >= 400)) {
        const examples = Object.values(
          (res.content['application/json'].examples ?? {}) as Record<string, { value: any }>,
        );
        const codes = examples.map((ex) => ex.value.error.code);
        expect(codes.sort(), `${name} ${status}`).toEqual(
          ERROR_CODES.filter((c) => ERROR_STATUS[c] === Number(status)).sort(),
        );
        for (const ex of examples) {
          expect(ex.value.error.message, `${name} ${status}`).toMatch(/\S/);
          expect(ex.value.error.detail, `${name} ${status}`).toBeTypeOf('string');
        }
      }
    }
  });

  it('lists every error status on an authenticated operation (410 only where a signed link is accepted; 405 is for methods no route has)', () => {
    const common = ERROR_STATUSES.filter((status) => status !== 410 && status !== 405);
    for (const { name, op } of ops) {
      if (op.security?.length === 0) continue;
      const statuses = responses(op, (n) => n >= 400).map(([status]) => Number(status));
      expect(statuses, `${name}: spread ...errorResponses`).toEqual(expect.arrayContaining(common));
      expect(
        statuses.filter((s) => !common.includes(s as (typeof common)[number])),
        name,
      ).toEqual(name === 'GET /labels/{id}' ? [410] : []);
    }
  });
});
