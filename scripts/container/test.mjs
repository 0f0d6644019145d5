/**
 * The container checks of scripts/container-test.sh, against an image built already:
 *
 * 1. The image alone (SQLite in its volume, the built-in emulator): time to a 200 from /healthz,
 *    then a key (`waybill keys create` in the container), a shipping account, a rate and a label
 *    whose signed URL serves a PDF; SIGTERM stops it cleanly (exit status 0).
 * 2. compose.yaml's "two" profile (PostgreSQL, the one-off migration, two instances): read from the
 *    file and run with plain podman, service by service in depends_on order, each health check run
 *    by this script (podman runs them from systemd timers, which a machine without systemd lacks).
 *    A batch is posted to one instance and booked by both; the second is stopped (SIGTERM) while
 *    items are still queued; then every item must be booked exactly once, as README "Batches" says:
 *    an instance that stops finishes the items it holds, the other books the rest.
 *
 * Settings (environment): WAYBILL_IMAGE (the image to test), POSTGRES_IMAGE, CONTAINER_TEST_ITEMS.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const IMAGE = process.env.WAYBILL_IMAGE ?? 'localhost/waybill:latest';
const ITEMS = Number(process.env.CONTAINER_TEST_ITEMS ?? 120);
// Names of everything this script makes start with it, so an earlier run's leftovers are found.
const PREFIX = 'waybill-ct';
const run = promisify(execFile);
const timings = [];

async function podman(...args) {
  try {
    const { stdout } = await run('podman', args, { maxBuffer: 16 * 1024 * 1024 });
    return stdout.trim();
  } catch (err) {
    throw new Error(`podman ${args.join(' ')} failed: ${err.stderr || err.message}`);
  }
}

/** A container's output, standard error included (where the service's failures go). */
async function logsOf(name) {
  const { stdout, stderr } = await run('podman', ['logs', name]).catch((err) => err);
  return `${stdout ?? ''}${stderr ?? ''}`.trim();
}

function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}

async function timed(what, fn) {
  const started = performance.now();
  const result = await fn();
  const seconds = (performance.now() - started) / 1000;
  timings.push([what, seconds]);
  console.log(`  ${what}: ${seconds.toFixed(1)} s`);
  return result;
}

async function until(what, timeoutMs, probe) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function api(base, key, method, path, body, headers = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { zkkey: key, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

async function createKey(container) {
  const out = await podman('exec', container, 'waybill', 'keys', 'create', '--tenant', 'acme');
  return out.split('\n').at(-1);
}

const ADDRESS = {
  name: 'Ann',
  company: 'Acme',
  phone: '9015550100',
  street1: '1 Main St',
  city: 'Memphis',
  state: 'TN',
  postal_code: '38117',
  country: 'US',
};
const SHIPMENT = (account) => ({
  shipping_account: account,
  packaging: 'your_packaging',
  dim_units: 'IN',
  weight_units: 'LB',
  sender: ADDRESS,
  recipient: {
    name: 'Bob',
    phone: '2125550100',
    street1: '5 Fifth Ave',
    city: 'New York',
    state: 'NY',
    postal_code: '10001',
    country: 'US',
  },
  packages: [{ weight: 2, length: 10, width: 8, height: 4 }],
});

async function createAccount(base, key) {
  const res = await api(base, key, 'POST', '/shippingaccount', {
    shipping_account: { carrier: 'carrier_a', country: 'US', test: true, billing_address: ADDRESS },
  });
  check(res.status === 200 || res.status === 201, `POST /shippingaccount: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.shipping_account.id;
}

async function removeLeftovers() {
  const containers = (await podman('ps', '--all', '--format', '{{.Names}}'))
    .split('\n')
    .filter((n) => n.startsWith(PREFIX));
  // --volumes: the containers' anonymous volumes (the image's /data) go with them.
  if (containers.length > 0) await podman('rm', '--force', '--volumes', '--time', '0', ...containers);
  const volumes = (await podman('volume', 'ls', '--format', '{{.Name}}'))
    .split('\n')
    .filter((n) => n.startsWith(PREFIX));
  if (volumes.length > 0) await podman('volume', 'rm', '--force', ...volumes);
  if ((await podman('network', 'ls', '--format', '{{.Name}}')).split('\n').includes(PREFIX))
    await podman('network', 'rm', '--force', PREFIX);
}

// 1. The image alone.
async function single() {
  console.log('the image alone (SQLite, built-in emulator):');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const name = `${PREFIX}-single`;
  await timed('start to a 200 from /healthz', async () => {
    // Read-only, as the Kubernetes manifests run it: only the data volume and /tmp are written.
    await podman(
      'run',
      '--detach',
      '--name',
      name,
      '--read-only',
      '--tmpfs',
      '/tmp',
      '--publish',
      `127.0.0.1:${port}:8080`,
      '--env',
      `WAYBILL_PUBLIC_URL=${base}`,
      IMAGE,
    );
    await until('/healthz', 60_000, async () => (await fetch(`${base}/healthz`)).ok);
  });
  const user = await podman('exec', name, 'id', '-u');
  check(user !== '0', `the service runs as root (uid ${user})`);
  const healthcheck = JSON.parse(await podman('image', 'inspect', IMAGE, '--format', '{{json .HealthCheck}}'));
  check(
    JSON.stringify(healthcheck?.Test ?? []).includes('/healthz'),
    `the image has no HEALTHCHECK on /healthz: ${JSON.stringify(healthcheck)}`,
  );
  check(await healthyByImage(name), "the image's HEALTHCHECK fails on a running instance");
  await timed('key, account, rate and label', async () => {
    const key = await createKey(name);
    check(/^\S{20,}$/.test(key), `keys create printed no key: ${key}`);
    const account = await createAccount(base, key);
    const rate = await api(base, key, 'POST', '/rate', { shipment: SHIPMENT(account) });
    check(rate.status === 200 && rate.body.rates.length > 0, `POST /rate: ${rate.status} ${JSON.stringify(rate.body)}`);
    check(rate.headers.get('waybill-version') !== null, 'no Waybill-Version header on the answer');
    const ship = await api(
      base,
      key,
      'POST',
      '/ship',
      { shipment: { ...SHIPMENT(account), service: 'carrier_a_ground' } },
      { 'idempotency-key': 'container-1' },
    );
    check(ship.status === 200 || ship.status === 201, `POST /ship: ${ship.status} ${JSON.stringify(ship.body)}`);
    const labelUrl = ship.body.shipment.packages[0].label;
    check(labelUrl.startsWith(base), `the label URL ${labelUrl} is not under WAYBILL_PUBLIC_URL ${base}`);
    const label = Buffer.from(await (await fetch(labelUrl)).arrayBuffer());
    check(label.subarray(0, 5).toString() === '%PDF-', 'the label URL did not serve a PDF');
  });
  await timed('SIGTERM to exit', () => podman('stop', '--time', '45', name));
  const status = await podman('inspect', name, '--format', '{{.State.ExitCode}}');
  check(status === '0', `exit status ${status} after SIGTERM`);
  await podman('rm', '--volumes', name);
}

/** compose's ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error} and $$, from `env`. */
function interpolate(value, env) {
  if (typeof value !== 'string') return value;
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])((?:[^}])*))?\}/g,
    (whole, name, colon, op, arg) => {
      if (whole === '$$') return '$';
      const set = colon ? Boolean(env[name]) : env[name] !== undefined;
      if (set) return env[name];
      if (op === '?') throw new Error(`compose.yaml: ${name}: ${arg}`);
      return op === '-' ? arg : '';
    },
  );
}

function composeServices(profile, env) {
  const file = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true });
  const chosen = Object.entries(file.services).filter(([, s]) => !s.profiles || s.profiles.includes(profile));
  return { project: file.name, services: new Map(chosen.map(([name, s]) => [name, s])), env };
}

function durationSeconds(text) {
  const m = /^(\d+)(s|m)$/.exec(String(text ?? ''));
  return m ? Number(m[1]) * (m[2] === 'm' ? 60 : 1) : 10;
}

/** Starts one service as compose would, once the services it depends on are in the state it asks. */
async function startService(compose, name, started) {
  const service = compose.services.get(name);
  for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
    await started.get(dependency);
    if (condition === 'service_healthy')
      await until(`${dependency} healthy`, 120_000, () => healthy(compose, dependency));
    if (condition === 'service_completed_successfully') {
      const status = await podman('wait', `${PREFIX}-${dependency}`);
      check(status === '0', `${dependency} exited with ${status}: ${await logsOf(`${PREFIX}-${dependency}`)}`);
    }
  }
  const args = ['run', '--detach', '--name', `${PREFIX}-${name}`, '--network', PREFIX, '--network-alias', name];
  for (const [key, value] of Object.entries(service.environment ?? {}))
    args.push('--env', `${key}=${interpolate(value, compose.env)}`);
  for (const volume of service.volumes ?? []) {
    const [source, target] = volume.split(':');
    // Named volumes only: the bind mounts are the observability profile's, not started here.
    if (!source.startsWith('.') && !source.startsWith('/')) args.push('--volume', `${PREFIX}-${source}:${target}`);
  }
  // Published on a free loopback port instead of the file's fixed one, which another program may hold.
  for (const port of service.ports ?? [])
    args.push('--publish', `127.0.0.1::${interpolate(port, compose.env).split(':').at(-1)}`);
  args.push('--stop-timeout', String(durationSeconds(service.stop_grace_period)));
  args.push(interpolate(service.image, compose.env), ...(service.command ?? []));
  await podman(...args);
}

async function healthy(compose, name) {
  const test = compose.services.get(name).healthcheck?.test;
  if (!test) return (await podman('inspect', `${PREFIX}-${name}`, '--format', '{{.State.Running}}')) === 'true';
  const [kind, ...command] = test;
  const argv = kind === 'CMD-SHELL' ? ['sh', '-c', command.join(' ')] : command;
  await podman('exec', `${PREFIX}-${name}`, ...argv);
  return true;
}

/** The image's own HEALTHCHECK, run once (podman runs it from systemd timers, absent here). */
async function healthyByImage(name) {
  await podman('healthcheck', 'run', name);
  return true;
}

async function hostUrl(name) {
  const mapping = await podman('port', `${PREFIX}-${name}`, '8080/tcp');
  return `http://${mapping.split('\n')[0]}`;
}

async function shipCalls(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('waybill_carrier_call_duration_seconds_count{') &&
        l.includes('carrier="carrier_a"') &&
        l.includes('operation="ship"') &&
        l.includes('outcome="ok"'),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** Every ship call of this instance's built-in emulator answered late, so that a batch takes a while. */
async function slowBookings(name, ms) {
  const script = `fetch('http://127.0.0.1:8081/_emulator/faults',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({carrier:'carrier_a',operation:'ship',fault:'latency:${ms}',count:0})}).then(r=>process.exit(r.ok?0:1))`;
  await podman('exec', name, 'node', '-e', script);
}

// 2. The compose profile with two instances on one PostgreSQL.
async function twoInstances() {
  console.log(`compose.yaml, profile "two" (PostgreSQL, migrate, two instances), a batch of ${ITEMS}:`);
  const env = {
    ...process.env,
    WAYBILL_IMAGE: IMAGE,
    WAYBILL_SECRET_KEY: randomBytes(32).toString('hex'),
    POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
    WAYBILL_LOG_LEVEL: 'warn',
  };
  const compose = composeServices('two', env);
  check(
    compose.services.has('waybill-2') && compose.services.has('postgres'),
    'the "two" profile lacks waybill-2 or postgres',
  );
  await podman('network', 'create', PREFIX);
  await timed('PostgreSQL healthy, migrated, both instances ready', async () => {
    const started = new Map();
    for (const name of compose.services.keys()) started.set(name, startService(compose, name, started));
    await Promise.all(started.values());
    for (const name of ['waybill', 'waybill-2']) await until(`${name} ready`, 120_000, () => healthy(compose, name));
  });
  const [one, two] = [await hostUrl('waybill'), await hostUrl('waybill-2')];
  // Each instance runs its own built-in emulator: both are slowed down alike.
  for (const name of ['waybill', 'waybill-2']) await slowBookings(`${PREFIX}-${name}`, 300);
  const key = await createKey(`${PREFIX}-waybill`);
  const account = await createAccount(one, key);
  const shipments = Array.from({ length: ITEMS }, (_, i) => ({
    ...SHIPMENT(account),
    service: 'carrier_a_ground',
    references: [{ type: 'customer_reference', value: `order-${i}` }],
  }));
  const posted = await api(
    one,
    key,
    'POST',
    '/batches',
    { batch: { reference: 'container-test', label_type: 'PDF', shipments } },
    { 'idempotency-key': 'container-batch' },
  );
  check(posted.status === 202, `POST /batches: ${posted.status} ${JSON.stringify(posted.body)}`);
  const id = posted.body.batch.id;
  const counts = async () => (await api(one, key, 'GET', `/batches/${id}`)).body.batch;
  let bookedBySecond = 0;
  await timed('batch under way on both instances, then the second stopped (SIGTERM)', async () => {
    await until(
      'items booked by both instances',
      60_000,
      async () => (bookedBySecond = await shipCalls(two)) > 0 && (await shipCalls(one)) > 0,
    );
    const before = await counts();
    check(
      before.counts.queued > 0,
      `no item left queued when the second instance was stopped: ${JSON.stringify(before.counts)}`,
    );
    await podman('stop', '--time', '45', `${PREFIX}-waybill-2`);
    const status = await podman('inspect', `${PREFIX}-waybill-2`, '--format', '{{.State.ExitCode}}');
    check(status === '0', `waybill-2 exited with ${status} after SIGTERM`);
  });
  const done = await timed('the rest booked by the first instance', () =>
    until('batch settled', 300_000, async () => {
      const batch = await counts();
      return batch.status === 'completed' || batch.status === 'completed_with_errors' ? batch : undefined;
    }),
  );
  check(
    done.status === 'completed' && done.counts.booked === ITEMS,
    `batch ${done.status}: ${JSON.stringify(done.counts)}`,
  );
  const items = await api(one, key, 'GET', `/batches/${id}/shipments?pageSize=500`);
  check(items.body.length === ITEMS, `${items.body.length} items listed, ${ITEMS} posted`);
  const ids = new Set(items.body.map((item) => item.shipment?.id));
  check(
    items.body.every((item) => item.status === 'booked' && item.shipment?.id),
    'an item is not booked or has no shipment',
  );
  check(ids.size === ITEMS, `${ids.size} distinct shipments for ${ITEMS} items`);
  const stored = await api(one, key, 'GET', `/shipments?batch=${id}&pageSize=1`);
  check(
    Number(stored.headers.get('x-total-count')) === ITEMS,
    `${stored.headers.get('x-total-count')} shipments stored for ${ITEMS} items: one booked twice`,
  );
  const bookedByFirst = await shipCalls(one);
  check(bookedByFirst < ITEMS, `the first instance booked all ${ITEMS} items itself`);
  console.log(
    `  booked: ${bookedByFirst} by the first instance, the other ${ITEMS - bookedByFirst} by the second (${bookedBySecond} when it was stopped); each item once`,
  );
}

async function main() {
  const started = performance.now();
  await removeLeftovers();
  try {
    await single();
    await twoInstances();
  } finally {
    await removeLeftovers().catch((err) => console.error(`cleaning up: ${err.message}`));
  }
  console.log(`container checks passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
