/**
 * A carrier is its folder: the registry is the only list of carriers, and every declaration carries
 * what central code reads from it (logo, polling interval, schema additions, operator settings).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/carriers/adapters.js';
import { CARRIER_SLUGS, carrierNames, declarations } from '../../src/carriers/declarations.js';
import { METHOD } from '../../src/services/kernel/carrier-calls.js';
import * as registry from '../../src/carriers/registry.js';
import { loadConfig } from '../../src/foundations/config.js';
import { CustomsItem, ShipmentInput } from '../../src/contract/shipment.js';
import type { TokenStore } from '../../src/carriers/shared/oauth.js';
import { systemClock } from '../../src/foundations/clock.js';

/** Building adapters calls no carrier: a store that is used fails the test. */
const noTokens: TokenStore = {
  get: () => Promise.reject(new Error('unused')),
  invalidate: () => Promise.reject(new Error('unused')),
};

const SRC = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Where a slug may be written: its own folders and the two registries. */
function mayName(path: string): boolean {
  if (path === 'carriers/registry.ts' || path === 'emulator/registry.ts') return true;
  const [top, folder] = path.split('/');
  return (
    (top === 'carriers' || top === 'emulator') &&
    folder !== undefined &&
    (CARRIER_SLUGS as readonly string[]).includes(folder)
  );
}

describe('carrier registry', () => {
  it('lists every carrier once, under its declaration slug', () => {
    expect(Object.keys(registry).sort()).toEqual([...CARRIER_SLUGS]);
    for (const slug of CARRIER_SLUGS) expect(declarations[slug].slug).toBe(slug);
    expect(CARRIER_SLUGS.length).toBeGreaterThanOrEqual(5);
  });

  it('is the only place outside the carrier folders that names a carrier, comments included', () => {
    const found: string[] = [];
    const named = new RegExp(`(?<![A-Za-z0-9])(${CARRIER_SLUGS.join('|')})(?![a-z0-9])`, 'g');
    for (const file of sourceFiles(SRC)) {
      const path = relative(SRC, file).split('\\').join('/');
      if (mayName(path)) continue;
      for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
        for (const m of line.matchAll(named)) found.push(`${path}:${i + 1}: ${m[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("makes each carrier's adapter on first use, once, holding its declaration", async () => {
    const adapters = createAdapters({
      transport: {} as never,
      labels: {} as never,
      tokens: noTokens,
      clock: systemClock,
      baseUrl: () => 'http://127.0.0.1:9',
    });
    expect(Object.keys(adapters)).toEqual([...CARRIER_SLUGS]);
    for (const slug of CARRIER_SLUGS) {
      const adapter = await adapters[slug]();
      expect(adapter.declaration).toBe(declarations[slug]);
      expect(await adapters[slug]()).toBe(adapter);
      // Until its code is loaded, the declaration answers whether a carrier offers an operation.
      for (const operation of adapter.declaration.operations) {
        const method = METHOD[operation];
        if (method) expect(typeof adapter[method], `${slug} declares ${operation}`).toBe('function');
      }
    }
  });
});

describe.each(CARRIER_SLUGS)('%s declaration', (slug) => {
  const d = declarations[slug];

  it('gives its mark one to three capital letters, none shared with another carrier', () => {
    expect(d.logo.text).toMatch(/^[A-Z]{1,3}$/);
    expect(CARRIER_SLUGS.filter((s) => declarations[s].logo.text === d.logo.text)).toEqual([slug]);
  });

  it('declares an example service (for /openapi.json) from its own catalog', () => {
    if (d.exampleService !== undefined) expect(d.catalog.services).toContain(d.exampleService);
  });

  it('polls tracking at a whole number of minutes, at least one', () => {
    expect(Number.isInteger(d.trackingPollMs / 60_000)).toBe(true);
    expect(d.trackingPollMs).toBeGreaterThanOrEqual(60_000);
  });

  it('adds optional shipment and customs item members the public schema accepts', () => {
    for (const [name, schema] of Object.entries(d.shipmentFields ?? {})) {
      expect(ShipmentInput.properties).toHaveProperty(name);
      expect(JSON.stringify(ShipmentInput.properties[name as keyof typeof ShipmentInput.properties])).toBe(
        JSON.stringify(schema),
      );
      expect(ShipmentInput.required ?? []).not.toContain(name);
    }
    for (const name of Object.keys(d.customsItemFields ?? {})) {
      expect(CustomsItem.properties).toHaveProperty(name);
      expect(CustomsItem.required ?? []).not.toContain(name);
    }
  });

  it('names operator settings read from WAYBILL_<SLUG>_<SETTING>', () => {
    for (const name of d.operatorSettings ?? []) {
      expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
      const config = loadConfig(
        { WAYBILL_SECRET_KEY: '0'.repeat(64), [`WAYBILL_${slug.toUpperCase()}_${name.toUpperCase()}`]: 'op-value' },
        carrierNames,
      );
      expect(config.operator[slug]?.[name]).toBe('op-value');
    }
  });

  it('gives test values only to its auth members', () => {
    const members = [...d.auth.required, ...d.auth.optional];
    for (const name of Object.keys(d.auth.testValues ?? {})) expect(members).toContain(name);
  });
});

describe('operator settings', () => {
  it('keeps WAYBILL_CARRIER_D_RESELLER_REQUESTER_ID and leaves unset settings out', () => {
    expect(
      loadConfig({ WAYBILL_SECRET_KEY: '0'.repeat(64), WAYBILL_CARRIER_D_RESELLER_REQUESTER_ID: 'op-1' }, carrierNames)
        .operator,
    ).toEqual({ carrier_d_reseller: { requester_id: 'op-1' } });
    expect(loadConfig({ WAYBILL_SECRET_KEY: '0'.repeat(64) }, carrierNames).operator).toEqual({});
  });
});
