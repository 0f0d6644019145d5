/**
 * Findings: POST /batches read up to 32 MiB of JSON or CSV whole and parsed it at once before any
 * limit was looked at (11 M empty shipments: 6.5 s of a held event loop, 1.2 GB; one 32 MiB header
 * cell: 8.5 s; 33 M empty fields in a row: accepted at 1.6 GB; 3.7 M unknown columns: a 52 MB error;
 * a bad multiline row: a 50 MB stored input). Now both are read as they arrive and refused at the
 * first limit they pass. What follows that point in these bodies would have been answered
 * otherwise (most end in bytes that are not JSON or CSV at all, or are accepted), so only a refusal
 * at the limit, before the rest is parsed, passes. bench/stall-probe.ts sends the full-size bodies
 * and measures the event loop.
 */
import { describe, expect, it } from 'vitest';
import { THREAD_BYTES } from '../../src/foundations/body-thread.js';
import { expectError } from '../support/app.js';
import { item, useBatchApp } from './support.js';

const s = useBatchApp();

async function send(body: string, type: 'json' | 'csv', headers: Record<string, string> = {}) {
  const url =
    type === 'json'
      ? '/batches'
      : `/batches?shipping_account=${s.account}&service=carrier_a_ground&packaging=your_packaging&dim_units=IN&weight_units=LB`;
  const res = await s.t.app.inject({
    method: 'POST',
    url,
    headers: { zkkey: s.key, 'content-type': type === 'json' ? 'application/json' : 'text/csv', ...headers },
    payload: body,
  });
  return { status: res.statusCode, body: JSON.parse(res.body), raw: res.body };
}

// A body of 1 MiB or longer is read on a thread (body-thread.ts), a shorter one on the
// event loop: each case runs both ways, padded past that length with white space after its end.
describe.each([
  ['on the event loop', ''],
  ['on a thread', ' '.repeat(THREAD_BYTES)],
])('POST /batches refuses a JSON body at the first limit it passes, read %s', (_, pad) => {
  const json = (body: string) => send(body + pad, 'json');

  it('stops at the 10,001st shipment', async () => {
    const res = await json(`{"batch":{"shipments":[${'{},'.repeat(10_001)}!`);
    expect(expectError(res, 400, 'schema_validation_error')).toMatchObject({
      detail: 'batch.shipments',
      message: expect.stringContaining('at most 10000 shipments'),
    });
  });

  it('stops inside a string longer than any field takes, and inside a long number', async () => {
    const string = expectError(
      await json(`{"batch":{"shipments":[{"reference":"${'x'.repeat(100_000)}"}]}}`),
      413,
      'payload_too_large',
    );
    expect(string.message).toContain('longer than 65536 characters');
    expectError(await json(`{"batch":{"shipments":[{"weight":${'1'.repeat(100_000)}}]}}`), 413, 'payload_too_large');
  });

  it('stops at the 65th level of nesting', async () => {
    const err = expectError(
      await json(`{"batch":{"shipments":[{"a":${'['.repeat(100)}!`),
      400,
      'schema_validation_error',
    );
    expect(err.message).toContain('deeper than 64 levels');
  });

  it('stops past 2,000,000 values, however few the shipments, and past 50,000 in one shipment', async () => {
    const shipment = `{"a":[${'0,'.repeat(39_999)}0]}`;
    const err = expectError(
      await json(`{"batch":{"shipments":[${`${shipment},`.repeat(51)}!`),
      413,
      'payload_too_large',
    );
    expect(err.message).toContain('more than 2000000 values');
    // One shipment is written out as its text in one go: none may hold more than any shipment takes.
    const one = expectError(
      await json(`{"batch":{"shipments":[{},{"a":[${'0,'.repeat(50_001)}!`),
      413,
      'payload_too_large',
    );
    expect(one).toMatchObject({
      detail: 'batch.shipments[1]',
      message: expect.stringContaining('more than 50000 values'),
    });
  });

  it('refuses __proto__ and constructor.prototype members, and echoes little of a malformed body', async () => {
    expectError(await json('{"batch":{"shipments":[{"__proto__":{"x":1}}]}}'), 400, 'schema_validation_error');
    expectError(
      await json('{"batch":{"shipments":[{"constructor":{"prototype":{"x":1}}}]}}'),
      400,
      'schema_validation_error',
    );
    const bad = await json(`{"batch":{"shipments":[{"a":"${'y'.repeat(60_000)}" "b"}]}}`);
    expectError(bad, 400, 'schema_validation_error');
    expect(bad.raw.length).toBeLessThan(1000);
  });

  it('checks control characters and drops null members as it reads, as for every other body', async () => {
    const err = expectError(
      await json('{"batch":{"shipments":[{"recipient":{"name":"a\\u0001b"}}]}}'),
      400,
      'schema_validation_error',
    );
    expect(err.detail).toBe('batch.shipments[0].recipient.name');
    expect(
      expectError(await json('{"batch":{"shipments":[{"a\\nb":1}]}}'), 400, 'schema_validation_error').detail,
    ).toBe('batch.shipments[0]."a\\nb"');
    const res = await json(
      JSON.stringify({
        batch: {
          reference: null,
          shipments: [
            item(s.account, {
              recipient: {
                name: 'Nell',
                company: null,
                street1: '5 Fifth Ave',
                city: 'New York',
                state: 'NY',
                postal_code: '10001',
                country: 'US',
                phone: '2125550100',
              },
            }),
          ],
        },
      }),
    );
    expect(res.status, res.raw).toBe(202);
    expect(res.body.batch.reference).toBeNull();
    const row = await s.t.db.database.db
      .selectFrom('batch_items')
      .select('input')
      .where('batch_id', '=', res.body.batch.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.input).recipient).not.toHaveProperty('company');
  });

  it('still takes 10,000 shipments, and an empty body is no body', async () => {
    const res = await json(
      JSON.stringify({ batch: { shipments: [...Array.from({ length: 9_999 }, () => ({})), item(s.account)] } }),
    );
    expect(res.status, res.raw).toBe(202);
    expect(res.body.batch.counts.total).toBe(10_000);
    expect(expectError(await json(''), 400, 'schema_validation_error').message).toBe('body must be object');
  });

  it('stores each shipment as given, the last of two shipments members, and stops past 1,000 values outside them', async () => {
    const given = [item(s.account), item(s.account, { label_type: 'ZPL' })];
    const res = await json(JSON.stringify({ batch: { reference: 'both ways', shipments: given } }));
    expect(res.status, res.raw).toBe(202);
    expect(res.body.batch).toMatchObject({ reference: 'both ways', counts: { total: 2 } });
    const rows = await s.t.db.database.db
      .selectFrom('batch_items')
      .select(['input', 'status'])
      .where('batch_id', '=', res.body.batch.id)
      .orderBy('idx')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['queued', 'queued']);
    rows.forEach((r, i) => expect(JSON.parse(r.input)).toMatchObject(given[i]!));
    // As JSON.parse reads it: the later member wins, whatever came before it.
    const twice = await json(`{"batch":{"shipments":[{},{},{}],"shipments":[${JSON.stringify(item(s.account))}]}}`);
    expect(twice.status, twice.raw).toBe(202);
    expect(twice.body.batch.counts).toMatchObject({ total: 1, queued: 1 });
    expect(
      expectError(await json(`{"batch":{"shipments":[{}]},"other":[${'0,'.repeat(1_000)}0]}`), 413, 'payload_too_large')
        .message,
    ).toContain('outside batch.shipments');
    expectError(await json('{"batch":{"shipments":[1]}}'), 400, 'schema_validation_error');
  });

  it('stores what a failed shipment was given cut short: strings at 1,001 characters', async () => {
    const long = 'z'.repeat(60_000);
    const res = await json(
      JSON.stringify({
        batch: {
          shipments: [item(s.account, { recipient: { name: long, street1: long, city: 'New York', country: 'US' } })],
        },
      }),
    );
    expect(res.status, res.raw).toBe(202);
    const row = await s.t.db.database.db
      .selectFrom('batch_items')
      .select(['input', 'status'])
      .where('batch_id', '=', res.body.batch.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.input.length).toBeLessThan(4000);
    expect(JSON.parse(row.input).recipient).toMatchObject({ name: 'z'.repeat(1001), city: 'New York' });
  });
});

// As for JSON: a file of 1 MiB or more is read on a thread, padded here with empty lines after its end
// (which are no line longer than a line may be: each is skipped as it comes).
describe.each([
  ['on the event loop', ''],
  ['on a thread', '\n'.repeat(THREAD_BYTES)],
])('POST /batches refuses a CSV file at the first limit it passes, read %s', (_, pad) => {
  const csv = (body: string) => send(body + pad, 'csv');

  it('stops inside a header cell longer than a line may be', async () => {
    const err = expectError(
      await csv(`recipient_name${'x'.repeat(100_000)},weight\nZed,1\n`),
      413,
      'payload_too_large',
    );
    expect(err).toMatchObject({ detail: 'line 1', message: expect.stringContaining('longer than 65536 bytes') });
  });

  it('stops inside a row of 100,000 empty fields, and inside a quoted field of 20,000 lines', async () => {
    expect(
      expectError(await csv(`recipient_name,weight\nZed${','.repeat(100_000)}\n`), 413, 'payload_too_large').detail,
    ).toBe('line 2');
    expectError(await csv(`recipient_name,weight\nZed,1\n"Yves${'\nx'.repeat(50_000)}",1\n`), 413, 'payload_too_large');
  });

  it('stops at the 10,001st row', async () => {
    const err = expectError(
      await csv(`recipient_name,weight\n${'Zed,1\n'.repeat(10_001)}"unclosed`),
      400,
      'schema_validation_error',
    );
    expect(err.message).toContain('more than 10000 rows');
  });

  it('names five unknown columns and counts the rest', async () => {
    const columns = Array.from({ length: 1000 }, (_, i) => `column_${i}_${'n'.repeat(40)}`);
    const res = await csv(`recipient_name,${columns.join(',')}\nZed\n`);
    const err = expectError(res, 400, 'schema_validation_error');
    expect(err.message).toMatch(
      /^unknown CSV columns "column_0_n+…", .*"column_4_n+…" and 995 more; expected columns: /,
    );
    expect(res.raw.length).toBeLessThan(1000);
  });

  it('keeps every character whole where the pieces it is read in cut one, with an Idempotency-Key too', async () => {
    // Rows of 2-, 3- and 4-byte characters, so that pieces of 16 KiB end inside them; one emoji's two
    // UTF-16 halves sit either side of the 16,384th character, where a file read as text is cut.
    const row = (name: string) => `${name},5 Fifth Ave,New York,NY,10001,US,1\n`;
    let file =
      'recipient_name,recipient_street1,recipient_city,recipient_state,recipient_postal_code,recipient_country,weight\n';
    const names: string[] = [];
    const add = (name: string) => {
      names.push(name);
      file += row(name);
    };
    while (file.length < 16_000) add(`Zoë ${'€'.repeat(names.length % 5)}😀 ${names.length}`);
    add(`Zoë ${'x'.repeat(16_383 - file.length - 4)}😀`);
    while (names.length < 2_000) add(`Zoë ${'€'.repeat(names.length % 5)}😀 ${names.length}`);
    for (const headers of [{}, { 'idempotency-key': `whole-${pad.length}` }] as Record<string, string>[]) {
      const res = await send(file + pad, 'csv', headers);
      expect(res.status, res.raw).toBe(202);
      const stored = await s.t.db.database.db
        .selectFrom('batch_items')
        .select('input')
        .where('batch_id', '=', res.body.batch.id)
        .orderBy('idx')
        .execute();
      expect(stored.map((r) => JSON.parse(r.input).recipient.name)).toEqual(names);
    }
  });

  it('makes the same items: their line numbers, texts and errors', async () => {
    const header =
      'reference,recipient_name,recipient_street1,recipient_street2,recipient_city,recipient_state,recipient_postal_code,recipient_country,recipient_phone,weight';
    const rows = [
      'A-1,"Smith, Jane",5 Fifth Ave,"Floor 3\nRoom 12",New York,NY,10001,US,2125550100,2',
      'A-2,Bob,5 Fifth Ave,,New York,NY,10001,US,2125550100,heavy',
      '',
      'A-3,Yves,5 Fifth Ave,,New York,NY,10001,,2125550100,1',
      'A-4,Zed,5 Fifth Ave,,New York,NY,10001,US,2125550100,1,extra',
    ];
    const res = await csv(`\ufeff${header}\n${rows.join('\n')}\n`);
    expect(res.status, res.raw).toBe(202);
    const stored = await s.t.db.database.db
      .selectFrom('batch_items')
      .select(['row', 'reference', 'status', 'error', 'input'])
      .where('batch_id', '=', res.body.batch.id)
      .orderBy('idx')
      .execute();
    expect(stored.map((r) => [r.row, r.reference, r.status])).toEqual([
      [2, 'A-1', 'queued'],
      [4, 'A-2', 'failed'],
      [6, 'A-3', 'failed'],
      [7, 'A-4', 'failed'],
    ]);
    expect(JSON.parse(stored[0]!.input)).toMatchObject({
      recipient: { name: 'Smith, Jane', street2: 'Floor 3\nRoom 12' },
      references: [{ value: 'A-1' }],
      sender: { city: 'Memphis' },
    });
    expect(stored.slice(1).map((r) => JSON.parse(r.error!))).toEqual([
      { code: 'schema_validation_error', message: 'line 4, column weight: "heavy" is not a number', detail: 'weight' },
      expect.objectContaining({
        code: 'schema_field_required',
        detail: 'recipient_country',
        message: expect.stringContaining('line 6, column recipient_country'),
      }),
      {
        code: 'schema_validation_error',
        message: 'line 7 has 11 fields but the header names 10 columns',
        detail: 'line 7',
      },
    ]);
  });
});

describe('POST /batches on a thread', () => {
  const long = (s: string) => `${s} ${'x'.repeat(1000)}`.slice(0, 1000);

  it('takes a JSON body of 10,000 shipments of 2.5 KB: each is sent on as it is read, the thread never holds the body', async () => {
    const shipments = Array.from({ length: 10_000 }, () =>
      item(s.account, {
        recipient: {
          name: 'Bob',
          company: long('Company'),
          street1: '5 Fifth Ave',
          street2: long('Floor'),
          city: 'New York',
          state: 'NY',
          postal_code: '10001',
          country: 'US',
        },
      }),
    );
    const res = await send(JSON.stringify({ batch: { shipments } }), 'json');
    expect(res.status, res.raw).toBe(202);
    expect(res.body.batch.counts).toMatchObject({ total: 10_000, queued: 10_000 });
  });

  it('takes a CSV file of 10,000 rows of 3 KB: each row is sent on as it is read, the thread never holds the file', async () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `Bob ${i},${long('Company')},5 Fifth Ave,${long('Floor')},New York,NY,10001,US,2,${long('contents')}`,
    );
    const res = await send(
      `recipient_name,recipient_company,recipient_street1,recipient_street2,recipient_city,recipient_state,recipient_postal_code,recipient_country,weight,description\n${rows.join('\n')}\n`,
      'csv',
    );
    expect(res.status, res.raw).toBe(202);
    expect(res.body.batch.counts).toMatchObject({ total: 10_000, queued: 10_000 });
  });
});

/**
 * Finding: the same ~24 MB batch body was refused 413 once and accepted five times: the thread
 * held a hundred shipments' texts at a time, however long, and its heap's ceiling was met or not
 * depending on when a collection ran. Now one shipment and what lies outside the shipments have
 * limits of their own, and the thread sends its texts on before they add up: the answer is the
 * body's, every time.
 */
describe('POST /batches: the answer to a large body is decided by the body', () => {
  // A string of 1,000 characters (what a field takes) in `n` members of one shipment.
  const wide = (n: number) => `{${Array.from({ length: n }, (_, i) => `"n${i}":"${'x'.repeat(1000)}"`).join(',')}}`;

  it('refuses a shipment of more than 1 MiB of text with the same 413 every time', async () => {
    const body = `{"batch":{"shipments":[{},${wide(2_000)}]}}`;
    for (let i = 0; i < 3; i++) {
      const err = expectError(await send(body, 'json'), 413, 'payload_too_large');
      expect(err).toMatchObject({
        detail: 'batch.shipments[1]',
        message: expect.stringContaining('more than 1048576 characters'),
      });
    }
    const outside = expectError(
      await send(
        `{"batch":{"reference":"r","junk":[${Array.from({ length: 100 }, () => `"${'y'.repeat(1000)}"`).join(',')}],"shipments":[{}]}}`,
        'json',
      ),
      413,
      'payload_too_large',
    );
    expect(outside.message).toContain('characters outside batch.shipments');
  });

  it("reads 28 MB of a hundred shipments of 280 KB to its end every time: accepted, not refused by the thread's heap", async () => {
    const shipment = wide(280);
    const body = `{"batch":{"shipments":[${Array.from({ length: 100 }, () => shipment).join(',')}]}}`;
    expect(body.length).toBeGreaterThan(28_000_000);
    for (let i = 0; i < 3; i++) {
      const res = await send(body, 'json');
      // Every shipment read and queued (each then fails alone: no such shipment books).
      expect(res.status, res.raw).toBe(202);
      expect(res.body.batch.counts.total).toBe(100);
    }
  }, 120_000);
});
