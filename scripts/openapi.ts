/**
 * The service's OpenAPI document as the app itself serves it at /openapi.json (no server, no
 * carrier calls: an in-memory database and the app's own routes), and the client's types
 * generated from it. `tsx scripts/openapi.ts` writes them into packages/client/src/schema.ts,
 * which is never edited by hand; test/client/schema.test.ts fails when it is not current.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/app.js';
import { carrierNames, declarations } from '../src/carriers/declarations.js';
import { createCarrierRuntime } from '../src/carriers/runtime.js';
import { systemClock } from '../src/foundations/clock.js';
import { loadConfig } from '../src/foundations/config.js';
import { createLogger } from '../src/foundations/logger.js';
import { createServices } from '../src/services/index.js';
import { emulatorMasterAccounts } from '../src/services/accounts/index.js';
import { createDatabase } from '../src/storage/database.js';
import { migrate } from '../src/storage/migrations/index.js';
import { createSealer } from '../src/storage/sealing.js';
import { createTokenStore } from '../src/storage/token-store.js';

const clientSrc = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'client', 'src');

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig(
    { WAYBILL_DATA_DIR: '/nonexistent', WAYBILL_DATABASE_URL: ':memory:', WAYBILL_LOG_LEVEL: 'silent' },
    carrierNames,
  );
  const database = createDatabase(':memory:');
  await migrate(database);
  const sealer = createSealer(randomBytes(32));
  const clock = systemClock;
  const carriers = createCarrierRuntime({
    config,
    tokens: createTokenStore({ db: database.db, sealer, clock }),
    clock,
  });
  const deps = {
    config,
    logger: createLogger('silent'),
    database,
    sealer,
    clock,
    declarations,
    adapters: carriers.adapters,
    masterTestAccounts: emulatorMasterAccounts(declarations),
    trackConcurrency: config.trackConcurrency,
    labels: carriers.labels,
  };
  const app = await buildApp({ ...deps, services: createServices(deps) });
  try {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    return JSON.parse(res.body) as Record<string, unknown>;
  } finally {
    await app.close();
    await carriers.close();
    await database.close();
  }
}

const HEADER =
  "/**\n * Generated from the service's OpenAPI document by scripts/openapi.ts: do not edit by hand.\n */\n\n";

/** The operation table: each operationId's method and path, the one thing the client needs at run time. */
function operationsSource(doc: Record<string, any>): string {
  const rows = Object.entries<Record<string, any>>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Record<string, any>>(item).map(
      ([method, op]) => `  ${op.operationId}: ['${method.toUpperCase()}', '${path}'],`,
    ),
  );
  return `${HEADER}export const OPERATIONS = {\n${rows.join('\n')}\n} as const;\n`;
}

/** The client's generated files, by path, as the current service would have them. */
export async function clientSources(): Promise<Record<string, string>> {
  // The document gives the error body and answers once already (src/http/openapi-components.ts).
  const doc = await openApiDocument();
  return {
    [join(clientSrc, 'schema.ts')]: HEADER + astToString(await openapiTS(structuredClone(doc) as never)),
    [join(clientSrc, 'operations.ts')]: operationsSource(doc),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [file, text] of Object.entries(await clientSources())) {
    writeFileSync(file, text);
    console.log(`wrote ${file}`);
  }
}
