/**
 * `waybill emulator`: the carrier emulator alone, on loopback at WAYBILL_EMULATOR_PORT (8081 by
 * default), until SIGINT/SIGTERM. Prints each carrier's base URL, the value to configure as a
 * carrier's URL (e.g. WAYBILL_CARRIER_A_URL) when the service runs elsewhere.
 */
import type { Config } from '../config.js';
import { createLogger } from '../logger.js';
import { startEmulator } from './server.js';

export async function runEmulatorCli(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  const emulator = await startEmulator({ host: '127.0.0.1', port: config.carriers.emulatorPort, logger, stateDir: config.dataDir });
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
