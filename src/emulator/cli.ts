/**
 * `waybill emulator`: the carrier emulator alone, on loopback at WAYBILL_EMULATOR_PORT (8081 by
 * default), until SIGINT/SIGTERM. Prints each carrier's base URL, the value to configure as a
 * carrier's URL (e.g. WAYBILL_CARRIER_A_URL) when the service runs elsewhere.
 */
import { ConfigError, type Config } from '../foundations/config.js';
import { createLogger } from '../foundations/logger.js';
import { startEmulator } from './server.js';

export async function runEmulatorCli(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  const port = config.carriers.emulatorPort;
  const emulator = await startEmulator({ host: '127.0.0.1', port, logger, stateDir: config.dataDir }).catch(
    (err: unknown) => {
      // The CLI prints a ConfigError as its one line: the setting to change, not a stack.
      throw (err as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? new ConfigError(
            `port ${port} is in use, so the carrier emulator cannot listen there: set WAYBILL_EMULATOR_PORT to a free port`,
          )
        : err;
    },
  );
  console.log(`carrier emulator listening on ${emulator.url} (control API: ${emulator.url}/_emulator)`);
  for (const slug of emulator.carriers) console.log(`  ${slug}: ${emulator.carrierUrl(slug)}`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await emulator.close();
}
