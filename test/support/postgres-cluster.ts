/**
 * A PostgreSQL cluster of a test's own, on a free port with a temporary data directory, so the test
 * may kill it (SIGKILL of the postmaster and every process it started) and start it again on the
 * same data and port. PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres`
 * user. `clusterUnavailable` says why no cluster can be made here (the suites skip with it).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './process.js';
import { waitFor } from './webhook-receiver.js';

const ROOT = '/usr/lib/postgresql';

function binDir(): string | undefined {
  if (!existsSync(ROOT)) return undefined;
  const versions = readdirSync(ROOT)
    .filter((v) => existsSync(join(ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(ROOT, versions[0], 'bin');
}

/** The user the cluster runs as: none but this process's own, unless that is root. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
      gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
    };
  } catch {
    return undefined;
  }
}

const BIN = binDir();
const USER = runAs();

export const clusterUnavailable: string | undefined = !BIN
  ? `no PostgreSQL server binaries under ${ROOT} (initdb, postgres)`
  : process.getuid?.() === 0 && !USER
    ? 'running as root, and there is no postgres user for PostgreSQL to run as'
    : undefined;

export interface PostgresCluster {
  url: string;
  /** SIGKILL of the postmaster and its children, as a crash of the machine's database would be. */
  kill(): Promise<void>;
  /** Starts it again on the same data directory and port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  destroy(): Promise<void>;
}

/** A cluster initialised and running. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const cluster = await createPostgresCluster();
  await cluster.start();
  return cluster;
}

/** A cluster initialised on its port, not started yet (a database that comes up after the service). */
export async function createPostgresCluster(): Promise<PostgresCluster> {
  if (clusterUnavailable) throw new Error(clusterUnavailable);
  const dir = mkdtempSync(join(tmpdir(), 'waybill-pg-'));
  if (USER) chownSync(dir, USER.uid, USER.gid);
  const ids = USER ?? {};
  execFileSync(join(BIN!, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
    ...ids,
    stdio: 'ignore',
  });
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let postmaster: ChildProcess | undefined;
  let log = '';

  const accepts = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  };

  const start = async () => {
    // A process group of its own, so that a kill reaches every process of the cluster at once.
    const child = spawn(
      join(BIN!, 'postgres'),
      [
        '-D',
        dir,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'max_connections=60',
        '-c',
        'shared_buffers=16MB',
      ],
      { ...ids, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child.stderr!.on('data', (d) => (log = (log + d).slice(-4000)));
    postmaster = child;
    await waitFor(
      async () => child.exitCode === null && (await accepts()),
      `PostgreSQL to accept connections on ${port}`,
      30_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}:\n${log}`);
    });
  };

  const kill = async () => {
    const child = postmaster;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    // Its children too: none may still hold the shared memory the next postmaster needs.
    await waitFor(
      async () => {
        try {
          process.kill(-child.pid!, 0);
          return false;
        } catch {
          return true;
        }
      },
      'the cluster’s processes to end',
      10_000,
    );
  };

  return {
    url,
    kill,
    start,
    destroy: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
