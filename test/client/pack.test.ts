/**
 * `npm pack` of @waybill/client is a package as published: it installs into an empty project
 * offline, its README's first TypeScript example type-checks strictly against the packed types,
 * and it rates, ships and tracks against a running service with the emulator.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCarrierA } from '../contract/support.js';
import { projectRoot } from '../support/process.js';

const s = useCarrierA();
const pkgDir = join(projectRoot, 'packages', 'client');
let work: string;
let baseUrl: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'waybill-client-pack-'));
  baseUrl = await s.t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  execFileSync(cmd, args, {
    cwd,
    env: { ...process.env, npm_config_update_notifier: 'false', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });

describe('npm pack of @waybill/client', () => {
  it('installs into an empty project, and its README example type-checks and runs against the service', async () => {
    // The committed types are current (schema.test.ts); compile them as prepack would, without regenerating.
    run(process.execPath, [join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', pkgDir], pkgDir);
    const [packed] = JSON.parse(
      run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], pkgDir),
    ) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
    const files = packed!.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/schema.d.ts']),
    );
    expect(files.filter((f) => !f.startsWith('dist/') && f !== 'package.json' && f !== 'README.md')).toEqual([]);
    // The main entry runs in browsers too: nothing of it imports a Node module.
    for (const f of files.filter((f) => f.endsWith('.js')))
      expect(readFileSync(join(pkgDir, f), 'utf8'), f).not.toMatch(/from\s+['"]node:|require\(/);
    console.log(`packed ${packed!.filename}: ${packed!.size} bytes, ${packed!.unpackedSize} unpacked`);

    const project = join(work, 'project');
    run('mkdir', ['-p', project], work);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'example', private: true, type: 'module' }));
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, packed!.filename)], project);
    expect(readdirSync(join(project, 'node_modules', '@waybill', 'client', 'dist'))).toContain('index.d.ts');

    const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
    const example = /```ts\n([\s\S]*?)```/.exec(readme)![1]!;
    for (const name of ['WAYBILL_URL', 'WAYBILL_KEY', 'WAYBILL_SHIPPING_ACCOUNT'])
      expect(example).toContain(`process.env.${name}`);
    const source = join(project, 'example.ts');
    writeFileSync(source, example);
    const program = ts.createProgram([source], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      // Node's types, which process.env needs, from this repository: the project is offline.
      typeRoots: [join(projectRoot, 'node_modules', '@types')],
      types: ['node'],
    });
    expect(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual(
      [],
    );

    const js = ts.transpileModule(example, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(join(project, 'example.mjs'), js);
    // Not a synchronous child: the service answering it runs in this process.
    const { stdout: out } = await promisify(execFile)(process.execPath, ['example.mjs'], {
      cwd: project,
      env: { ...process.env, WAYBILL_URL: baseUrl, WAYBILL_KEY: s.key, WAYBILL_SHIPPING_ACCOUNT: s.account },
      timeout: 60_000,
    });
    expect(out).toMatch(/^cheapest: carrier_a_\w+ at \d+\.\d{2}$/m);
    expect(out).toMatch(/^booked \d+, label http:\/\/\S+\/labels\//m);
    expect(out).toMatch(/^tracking stage: CREATED$/m);
  }, 180_000);
});
