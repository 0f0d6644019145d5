/** The client's generated files are what the service's OpenAPI document gives today. */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientSources } from '../../scripts/openapi.js';
import { projectRoot } from '../support/process.js';

describe('packages/client generated files', () => {
  it('are current: run `npm run generate -w @waybill/client` after changing the contract', async () => {
    for (const [file, text] of Object.entries(await clientSources())) {
      expect(readFileSync(file, 'utf8') === text, `${relative(projectRoot, file)} is out of date`).toBe(true);
    }
  }, 60_000);
});
