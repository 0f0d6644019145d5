/**
 * `waybill` about its own use, the real CLI as a process: help on standard output with exit 0 (the
 * whole list, the shipping commands in it, and each command's own), a command line it cannot read in
 * one line on standard error naming what it could not read (exit 2, never Node's stack), and no key
 * for a shipping command exit 5, as the README's table of exit codes says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usageOf } from '../src/cli-usage.js';
import { projectRoot, runCli } from './support/process.js';
import { tempDirs } from './support/temp-dir.js';

const tempDir = tempDirs();
const SERVICE_COMMANDS = ['serve', 'migrate', 'keys', 'users', 'tenants', 'emulator'];
const SHIPPING_COMMANDS = ['rate', 'ship', 'track', 'cancel', 'labels', 'batch', 'accounts', 'webhooks'];

/** No service, no key, no profile: what a fresh shell has. */
const bare = () => ({
  WAYBILL_URL: '',
  WAYBILL_KEY: '',
  WAYBILL_PROFILE: '',
  WAYBILL_PROFILE_FILE: join(tempDir('cli-help'), 'none.json'),
  WAYBILL_DATA_DIR: tempDir('cli-help-data'),
});

describe('waybill help', () => {
  it('prints the usage of every command, the shipping ones too, on standard output with exit 0 for --help, -h and help', async () => {
    const env = bare();
    const answers = await Promise.all([['--help'], ['-h'], ['help']].map((args) => runCli(args, env)));
    for (const answer of answers) {
      expect(answer.code, answer.stderr).toBe(0);
      expect(answer.stderr).toBe('');
      for (const command of [...SERVICE_COMMANDS, ...SHIPPING_COMMANDS])
        expect(answer.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    expect(answers[1]!.stdout).toBe(answers[0]!.stdout);
    expect(answers[2]!.stdout).toBe(answers[0]!.stdout);
  }, 60_000);

  it('has a usage of its own for every command, naming that command alone', () => {
    for (const command of [...SERVICE_COMMANDS, ...SHIPPING_COMMANDS]) {
      const usage = usageOf(command)!;
      expect(usage, command).toMatch(new RegExp(`^usage: waybill ${command}\\b`));
      expect(usage, command).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
      for (const other of [...SERVICE_COMMANDS, ...SHIPPING_COMMANDS].filter((c) => c !== command))
        expect(usage, command).not.toMatch(new RegExp(`^  ${other}\\b`, 'm'));
    }
    expect(usageOf('frobnicate')).toBeUndefined();
  });

  it('answers --help after any command, and help <command>, with that command’s usage on standard output', async () => {
    const env = bare();
    const asked = [
      ['keys', 'create', '--help'],
      ['users', 'create', '-h'],
      ['help', 'tenants'],
      ['serve', '--help'],
      ['batch', 'upload', 'orders.csv', '--help'],
      ['help', 'rate'],
    ];
    const answers = await Promise.all(asked.map((args) => runCli(args, env)));
    answers.forEach((answer, i) => {
      const args = asked[i]!;
      const command = args[0] === 'help' ? args[1]! : args[0]!;
      expect(answer.code, `${args.join(' ')}: ${answer.stderr}`).toBe(0);
      expect(answer.stdout).toBe(`${usageOf(command)}\n`);
      expect(answer.stderr).toBe('');
    });
    // The keys' options are named where they are asked for.
    expect(answers[0]!.stdout).toContain('--expires-in');
  }, 120_000);

  it('says in one line which option or argument it could not read, on standard error with exit 2', async () => {
    const env = bare();
    const cases: [string[], RegExp][] = [
      [
        ['keys', 'create', '--tenant', 'acme', '--colour', 'red'],
        /^waybill keys create: unknown option --colour \(waybill keys create --help lists what it takes\)$/,
      ],
      [['users', 'list', '--tenant'], /^waybill users list: option --tenant needs a value/],
      [['tenants', 'create', 'shop', '--platform=yes'], /^waybill tenants create: option --platform takes no value/],
      [['serve', '--port', '8080'], /^waybill serve: unknown option --port/],
      [['rate', 'shipment.json', '--frobnicate'], /^waybill rate: unknown option --frobnicate/],
    ];
    const answers = await Promise.all(cases.map(([args]) => runCli(args, env)));
    answers.forEach((answer, i) => {
      const [args, line] = cases[i]!;
      expect(answer.code, args.join(' ')).toBe(2);
      expect(answer.stdout).toBe('');
      expect(answer.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(answer.stderr.trimEnd()).toMatch(line);
      expect(answer.stderr).not.toContain('ERR_PARSE_ARGS');
    });
  }, 120_000);

  it('sends the usage to standard error with exit 2 when no command or an unknown one is given', async () => {
    const env = bare();
    for (const answer of await Promise.all([[], ['frobnicate']].map((args) => runCli(args, env)))) {
      expect(answer.code).toBe(2);
      expect(answer.stdout).toBe('');
      expect(answer.stderr).toContain('usage: waybill');
    }
  }, 60_000);

  it('exits 5 without a key, as the README’s table of exit codes says, and 2 with a key but no service', async () => {
    const env = bare();
    const noKey = await runCli(['accounts'], env);
    expect(noKey.code).toBe(5);
    expect(noKey.stderr.trim()).toBe(
      'waybill accounts: no API key: set WAYBILL_KEY (and WAYBILL_URL), or give a profile (README "Client and CLI")',
    );
    expect((await runCli(['accounts'], { ...env, WAYBILL_KEY: 'wb_0000000000000000000000' })).code).toBe(2);
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
    expect(readme).toMatch(/`5` no key was given, or the key is wrong/);
  }, 60_000);
});
