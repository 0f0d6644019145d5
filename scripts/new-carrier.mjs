// `npm run new-carrier -- <slug> [--root <dir>]`: the empty folders of a new carrier, as the recipe in
// ARCHITECTURE.md ("A new carrier") lists them, with the README.md every carrier folder starts from.
// It writes nothing that exists already; the modules themselves are copied from the closest carrier.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const at = args.indexOf('--root');
const root = resolve(at >= 0 ? (args[at + 1] ?? '.') : '.');
const slug = args.find((a, i) => !a.startsWith('--') && i !== at + 1);

if (!slug || !/^[a-z][a-z0-9_]*$/.test(slug)) {
  console.error(
    'usage: npm run new-carrier -- <slug>   (lower case letters, digits and _, as the ecosystem spells the carrier: canadapost, dhl_parcel_de)',
  );
  process.exit(2);
}
const folders = [`src/carriers/${slug}`, `src/emulator/${slug}`, `test/carriers/${slug}`];
const taken = folders.filter((f) => existsSync(join(root, f)));
if (taken.length > 0) {
  console.error(`${slug} exists already: ${taken.join(', ')}`);
  process.exit(1);
}
for (const f of folders) mkdirSync(join(root, f), { recursive: true });

const readme = `# ${slug} — <the carrier's display name>

The API the adapter speaks and its version.

## Hosts

| | base URL |
|---|---|
| live | |
| test | |

## Auth

Which auth kind of src/carriers/shared/http-client.ts, with which account members.

## Endpoints

What endpoints.ts lists, and which calls are safe to repeat.

## Decisions where the carrier's documents were unclear

## What the emulator does not reproduce
`;
writeFileSync(join(root, 'src/carriers', slug, 'README.md'), readme);

console.log(`Made ${folders.join(', ')} and src/carriers/${slug}/README.md. Next, ARCHITECTURE.md "A new carrier":
copy the closest carrier's modules into src/carriers/${slug}/ and src/emulator/${slug}/, add one line to
src/carriers/registry.ts and to src/emulator/registry.ts, and write the tests it lists.`);
