/**
 * Every carrier folder has one shape: the same modules exporting the same names, so that what one
 * carrier does is found where it is for every other. What differs is only what the carrier's column
 * lacks: an operation the declaration does not list has no operation file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CarrierDeclaration, Operation } from '../../src/carriers/carrier.js';
import { CARRIER_SLUGS, declarations } from '../../src/carriers/declarations.js';
import type { Endpoint } from '../../src/carriers/shared/endpoint.js';

const CARRIERS = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../src/carriers');

/**
 * The error interface, the same in every folder: the table of what the carrier's codes and words
 * mean (`ERRORS`), `classifyError(said)` over it, a parsed answer's error (`errorFromBody`), the
 * error a successful answer may carry (`throwIfError`), a refused answer's (`parseErrorResponse`),
 * the detail every error carries (`errorDetail`) and a body not as documented (`unexpectedBody`).
 */
const ERROR_INTERFACE = [
  'ERRORS',
  'classifyError',
  'errorDetail',
  'errorFromBody',
  'parseErrorResponse',
  'throwIfError',
  'unexpectedBody',
];

/** The modules every carrier folder has, and the names each exports. */
const COMMON: Record<string, readonly string[]> = {
  'index.ts': ['declaration', 'loadAdapter'],
  'declaration.ts': ['declaration'],
  'catalog.ts': ['catalog'],
  'codes.ts': [],
  'endpoints.ts': ['ENDPOINTS'],
  'auth.ts': ['credentialsOf'],
  'errors.ts': ERROR_INTERFACE,
  'client.ts': ['createAdapter'],
  'mapping.ts': [],
  // Types only: nothing to see at run time.
  'wire.ts': [],
};

/** Per operation of the spec's table, the operation file and its pure build/parse pair. */
const OPERATION_FILES: Partial<Record<Operation, { file: string; names: readonly string[] }>> = {
  rate: { file: 'rate.ts', names: ['buildRateRequest', 'parseRateResponse'] },
  ship: { file: 'ship.ts', names: ['buildShipRequest', 'parseShipResponse'] },
  track: { file: 'track.ts', names: ['buildTrackRequest', 'parseTrackResponse'] },
  cancel: { file: 'cancel.ts', names: ['buildCancelRequest', 'parseCancelResponse'] },
  pickup: { file: 'pickup.ts', names: ['buildPickupRequest', 'parsePickupResponse', 'parsePickupCancelResponse'] },
  pickup_availability: {
    file: 'pickup.ts',
    names: ['buildPickupAvailabilityRequest', 'parsePickupAvailabilityResponse'],
  },
  dopu: { file: 'locations.ts', names: ['buildLocationsRequest', 'parseLocationsResponse'] },
  manifest: { file: 'manifest.ts', names: ['buildManifestRequest', 'parseManifestResponse'] },
  validate_address: { file: 'address.ts', names: ['buildAddressRequest', 'parseAddressResponse'] },
  lookup_reference: { file: 'lookup.ts', names: ['buildLookupRequest', 'parseLookupResponse'] },
  // validate_credentials is auth.ts's (a probe call, a token or the account's status);
  // shipping_account and webhook are the services' own.
};

/** What a declaration's column says the folder must hold beyond the common modules. */
function expectedModules(d: CarrierDeclaration): Map<string, Set<string>> {
  const out = new Map(Object.entries(COMMON).map(([file, names]) => [file, new Set(names)]));
  for (const op of d.operations) {
    const spec = OPERATION_FILES[op];
    if (!spec) continue;
    const names = out.get(spec.file) ?? new Set<string>();
    for (const n of spec.names) names.add(n);
    out.set(spec.file, names);
  }
  // Schema additions only this carrier reads.
  if (d.shipmentFields || d.customsItemFields)
    out.set('fields.ts', new Set(d.shipmentFields ? ['shipmentFields'] : []));
  // Prepaid postage: the account operations (balance, purchase) beside the spec's.
  if (d.prepaidPostage)
    out.set(
      'account.ts',
      new Set([
        'buildAccountStatusRequest',
        'parseAccountStatusResponse',
        'buildRecreditRequest',
        'parseRecreditResponse',
      ]),
    );
  return out;
}

/**
 * Parts a long module is split into (wire-rate.ts beside wire.ts, codes-track.ts beside codes.ts,
 * ship-request.ts beside ship.ts: the parts of the request its buildShipRequest puts together,
 * client-calls.ts beside client.ts: the calls its operations share).
 */
const isPart = (file: string) => /^(wire|codes|ship|client)-[a-z-]+\.ts$/.test(file);

describe('carrier folder shape', () => {
  it.each(CARRIER_SLUGS)('%s has the modules its declaration calls for, and no others', (slug) => {
    const files = readdirSync(join(CARRIERS, slug)).filter((f) => f.endsWith('.ts') && !isPart(f));
    expect(files.sort()).toEqual([...expectedModules(declarations[slug]).keys()].sort());
  });

  it.each(CARRIER_SLUGS)('%s exports the same names from each module', async (slug) => {
    const missing: string[] = [];
    for (const [file, names] of expectedModules(declarations[slug])) {
      const mod = (await import(join(CARRIERS, slug, file))) as Record<string, unknown>;
      for (const name of names) if (mod[name] === undefined) missing.push(`${file}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it.each(CARRIER_SLUGS)('%s errors.ts exports the error interface and nothing else', async (slug) => {
    const mod = (await import(join(CARRIERS, slug, 'errors.ts'))) as Record<string, unknown>;
    expect(Object.keys(mod).sort()).toEqual([...ERROR_INTERFACE].sort());
    // One signature: what the carrier said in, the service's error code out.
    const classify = mod.classifyError as (said: { status: number; codes?: string[] }) => string;
    expect(classify({ status: 503 })).toBe('carrier_http_exception');
    expect(classify({ status: 400, codes: [] })).toBe('carrier_exception');
  });

  it.each(CARRIER_SLUGS)('%s names its paths only in endpoints.ts', async (slug) => {
    const { ENDPOINTS } = (await import(join(CARRIERS, slug, 'endpoints.ts'))) as {
      ENDPOINTS: Record<string, Endpoint>;
    };
    for (const [name, e] of Object.entries(ENDPOINTS)) {
      expect(e.path, name).toMatch(/^\//);
      expect(['GET', 'POST', 'PUT', 'DELETE'], name).toContain(e.method);
      expect(typeof e.idempotent, name).toBe('boolean');
    }
    // A string starting with a path ('/rates', `/shipments/…`) anywhere else is a second table.
    const elsewhere = readdirSync(join(CARRIERS, slug))
      .filter((f) => f.endsWith('.ts') && f !== 'endpoints.ts')
      .flatMap((f) =>
        [
          ...readFileSync(join(CARRIERS, slug, f), 'utf8').matchAll(/^(?!\s*(?:\*|\/\/)).*?(['`]\/[a-z][^'`]*['`])/gm),
        ].map((m) => `${f}: ${m[1]}`),
      );
    expect(elsewhere).toEqual([]);
  });
});

describe('carrier calls', () => {
  it.each(CARRIER_SLUGS)('%s makes its calls through the shared client, never the transport itself', (slug) => {
    const own = readdirSync(join(CARRIERS, slug))
      .filter((f) => f.endsWith('.ts'))
      .filter((f) =>
        /\btransport\.request\(|\bdeps\.transport\b|\{[^}]*\btransport\b[^}]*\}\s*=\s*deps/.test(
          readFileSync(join(CARRIERS, slug, f), 'utf8'),
        ),
      );
    expect(own).toEqual([]);
  });
});
