/**
 * waybill serve | migrate | help | emulator; the operator's keys, users and tenants (cli-operator.ts)
 * and the shipping commands (shipping-cli/, loaded only when one runs). The service's commands read
 * the same environment as the service (README "Configuration"); the shipping ones call a service
 * (README "Client and CLI").
 */
import v8 from 'node:v8';
import { systemClock } from './foundations/clock.js';
import { ConfigError } from './foundations/config.js';
import { openSealer, startServer } from './main.js';
import { SealingKeyMismatch } from './storage/key-check.js';
import { asksHelp, parseOptions, SHIPPING_NAMES, usageOf, USAGE, UsageError } from './cli-usage.js';
import { keys, loadConfig, tenants, users, withDatabase } from './cli-operator.js';

/**
 * V8 lets the old generation grow to several times its live data before collecting it; a service
 * that allocates fast (a batch being booked, cached /track under load) then carries tens of MB of
 * garbage. Capping each step of growth at 30 % kept a 10,000-item batch within +40 MB instead of
 * +64 to +104 MB, and 200 connections of cached /track at about 150 MB instead of 170 to 200, with
 * no measurable cost in throughput (bench/README.md). An operator's own setting wins.
 */
function limitHeapGrowth(): void {
  // Node refuses this flag in NODE_OPTIONS: an operator gives it on node's command line.
  if (!process.execArgv.some((a) => a.startsWith('--heap-growing-percent')))
    v8.setFlagsFromString('--heap-growing-percent=30');
}

async function serve(): Promise<void> {
  limitHeapGrowth();
  const server = await startServer(loadConfig());
  const stop = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/** Commands that take no options: anything after them is a mistake said in one line. */
function noOptions(command: string, args: string[]): void {
  parseOptions(command, { args, options: {} });
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  // Help is asked for, so it goes to standard output with exit 0; the usage after a mistake goes to standard error.
  if (command === '--help' || command === '-h' || (command === 'help' && args.length === 0))
    return void console.log(USAGE);
  if (command === 'help') {
    const usage = usageOf(args[0]!);
    if (!usage) throw new UsageError(`waybill help: no command ${args[0]}\n${USAGE}`);
    return void console.log(usage);
  }
  if (command && asksHelp(args) && usageOf(command)) return void console.log(usageOf(command));
  if (command && (SHIPPING_NAMES as readonly string[]).includes(command)) {
    const shipping = await import('./shipping-cli/index.js');
    process.exitCode = await shipping.runShippingCommand(command as (typeof shipping.SHIPPING_COMMANDS)[number], args);
    return;
  }
  switch (command) {
    case 'serve':
      noOptions('serve', args);
      return serve();
    case 'migrate':
      noOptions('migrate', args);
      // A wrong sealing key is refused here too, before any instance is started with it.
      await withDatabase((d) => openSealer(loadConfig(), d, systemClock.now()));
      console.log('database is up to date');
      return;
    case 'keys':
      return keys(args);
    case 'users':
      return users(args);
    case 'tenants':
      return tenants(args);
    case 'emulator': {
      noOptions('emulator', args);
      const { runEmulatorCli } = await import('./emulator/cli.js');
      return runEmulatorCli(loadConfig());
    }
    default:
      throw new UsageError(command ? `waybill: no command ${command}\n${USAGE}` : USAGE);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError || err instanceof ConfigError || err instanceof SealingKeyMismatch) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
