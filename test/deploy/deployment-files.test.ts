/**
 * The deployment files against the service they deploy: every setting they give is one the
 * service reads (src/foundations/config.ts), the probes ask the routes that exist, the ports and the drain
 * agree. scripts/container-test.sh runs the image and compose.yaml for real; Kubernetes is checked
 * here only as files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { carrierNames } from '../../src/carriers/declarations.js';
import { loadConfig } from '../../src/foundations/config.js';
import { projectRoot } from '../support/process.js';

/** Every environment variable loadConfig reads, found by giving it an environment that records them. */
function settingNames(): Set<string> {
  const read = new Set<string>();
  loadConfig(
    new Proxy({} as Record<string, string | undefined>, { get: (_, name) => (read.add(String(name)), undefined) }),
    carrierNames,
  );
  return read;
}
const SETTINGS = settingNames();
// The OpenTelemetry SDK's own variables (README "Operating"), read by tracing.ts, not config.ts.
const known = (name: string) => SETTINGS.has(name) || name.startsWith('OTEL_');
const read = (path: string) => readFileSync(join(projectRoot, path), 'utf8');
const DRAIN_SEC = loadConfig({}, carrierNames).carriers.timeoutMs / 1000;

type Doc = {
  kind: string;
  metadata: { name: string };
  spec: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};
const DIR = 'deploy/kubernetes';
const docs: Doc[] = readdirSync(join(projectRoot, DIR))
  .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
  .flatMap((f) => parseAllDocuments(read(`${DIR}/${f}`)).map((d) => d.toJS() as Doc));
const one = (kind: string) => {
  const found = docs.filter((d) => d.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};

describe('Kubernetes manifests', () => {
  it('the kustomization lists every manifest', () => {
    const files = readdirSync(join(projectRoot, DIR)).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...parse(read(`${DIR}/kustomization.yaml`)).resources].sort()).toEqual(files.sort());
  });

  it('the Deployment probes /healthz and /readyz on the port the service listens on, and outlasts the drain', () => {
    const pod = one('Deployment').spec.template.spec;
    const [container] = pod.containers;
    const env = Object.fromEntries(container.env.map((e: { name: string; value: string }) => [e.name, e.value]));
    expect(env.HOST).toBe('0.0.0.0');
    const port = container.ports.find((p: { name: string }) => p.name === 'http');
    expect(port.containerPort).toBe(loadConfig({ PORT: env.PORT }, carrierNames).port);
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.startupProbe.httpGet.path).toBe('/healthz');
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(DRAIN_SEC);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    // The image's volume is where the service writes: WAYBILL_DATA_DIR of the Dockerfile.
    expect(container.volumeMounts.map((m: { mountPath: string }) => m.mountPath)).toContain('/data');
  });

  it('the migration Job runs `waybill migrate` with the settings the Deployment has', () => {
    const job = one('Job').spec.template.spec;
    const pod = one('Deployment').spec.template.spec;
    expect(job.containers[0].args).toEqual(['migrate']);
    expect(job.containers[0].image).toBe(pod.containers[0].image);
    expect(job.containers[0].envFrom).toEqual(pod.containers[0].envFrom);
  });

  it('every setting of the ConfigMap, the Secret and the Deployment is one the service reads', () => {
    const names = [
      ...Object.keys(one('ConfigMap').data ?? {}),
      ...Object.keys(one('Secret').stringData ?? {}),
      ...one('Deployment').spec.template.spec.containers[0].env.map((e: { name: string }) => e.name),
    ];
    expect(names.filter((n) => !known(n))).toEqual([]);
    expect(Object.keys(one('Secret').stringData ?? {})).toEqual(
      expect.arrayContaining(['WAYBILL_SECRET_KEY', 'WAYBILL_DATABASE_URL']),
    );
    expect(one('ConfigMap').data).toHaveProperty('WAYBILL_PUBLIC_URL');
  });

  it("the pods run confined: the runtime's seccomp profile, no service account token, no capabilities, bounded", () => {
    const pods = [one('Deployment').spec.template.spec, one('Job').spec.template.spec];
    for (const pod of pods) {
      expect(pod.securityContext.seccompProfile).toEqual({ type: 'RuntimeDefault' });
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const container of pod.containers) {
        expect(container.securityContext, container.name).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(container.resources.limits.memory, container.name).toBeDefined();
        expect(container.resources.limits.cpu, container.name).toBeDefined();
      }
    }
  });

  it("a NetworkPolicy for the service's pods and one for the migration's: each limits both ways, the migration reaches only DNS and PostgreSQL", () => {
    const policies = docs.filter((d) => d.kind === 'NetworkPolicy');
    const forComponent = (component: string) => {
      const labels = docs.find((d) => d.kind === (component === 'api' ? 'Deployment' : 'Job'))!.spec.template.metadata
        .labels;
      const found = policies.filter((p) =>
        Object.entries(p.spec.podSelector.matchLabels as Record<string, string>).every(([k, v]) => labels[k] === v),
      );
      expect(found, component).toHaveLength(1);
      return found[0]!.spec;
    };
    const api = forComponent('api');
    expect(api.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
    expect(api.ingress.flatMap((r: { ports: { port: number }[] }) => r.ports.map((p) => p.port))).toEqual([
      one('Deployment').spec.template.spec.containers[0].ports[0].containerPort,
    ]);
    const migrate = forComponent('migrate');
    expect(migrate.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
    expect(migrate.ingress).toEqual([]);
    expect(new Set(migrate.egress.flatMap((r: { ports: { port: number }[] }) => r.ports.map((p) => p.port)))).toEqual(
      new Set([53, 5432]),
    );
  });

  it("the Service and the PodDisruptionBudget select the Deployment's pods", () => {
    const labels = one('Deployment').spec.template.metadata.labels;
    const covers = (selector: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels[k] === v);
    expect(covers(one('Service').spec.selector)).toBe(true);
    expect(one('Service').spec.ports[0].targetPort).toBe('http');
    expect(covers(one('PodDisruptionBudget').spec.selector.matchLabels)).toBe(true);
    expect(one('Deployment').spec.selector.matchLabels).toEqual(one('PodDisruptionBudget').spec.selector.matchLabels);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true });
  const services = compose.services as Record<string, any>;
  const instances = ['waybill', 'waybill-2'];

  it('starts the instances after the migration, and the migration once PostgreSQL is healthy', () => {
    expect(services.postgres.healthcheck.test).toContain('pg_isready');
    expect(services.migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services.migrate.command).toEqual(['migrate']);
    for (const name of instances) {
      expect(services[name].depends_on, name).toEqual({ migrate: { condition: 'service_completed_successfully' } });
      expect(services[name].healthcheck.test.join(' '), name).toContain('/readyz');
    }
    expect(services['waybill-2'].profiles).toEqual(['two']);
    expect(services.prometheus.profiles).toEqual(['observability']);
    expect(services['otel-collector'].profiles).toEqual(['observability']);
  });

  it('gives the instances one database and one sealing key, and only settings the service reads', () => {
    for (const name of [...instances, 'migrate']) {
      const env = services[name].environment as Record<string, string>;
      expect(
        Object.keys(env).filter((n) => !known(n)),
        name,
      ).toEqual([]);
      expect(env.WAYBILL_DATABASE_URL).toBe(services.waybill.environment.WAYBILL_DATABASE_URL);
      // Required, never defaulted: a key written in a public file would seal nothing.
      expect(env.WAYBILL_SECRET_KEY).toMatch(/^\$\{WAYBILL_SECRET_KEY:\?/);
    }
    expect(services.waybill.environment.WAYBILL_PUBLIC_URL).toBeDefined();
    expect(Number.parseInt(services.waybill['stop_grace_period'], 10)).toBeGreaterThan(DRAIN_SEC);
  });

  it('requires a PostgreSQL password, never defaulting one, and gives the database the same', () => {
    const required = /^\$\{POSTGRES_PASSWORD:\?/;
    expect(services.postgres.environment.POSTGRES_PASSWORD).toMatch(required);
    const url = /^postgres:\/\/waybill:(\$\{[^}]*\})@postgres:5432\/waybill$/.exec(
      services.waybill.environment.WAYBILL_DATABASE_URL,
    );
    expect(url?.[1]).toMatch(required);
    expect(read('compose.yaml')).not.toMatch(/POSTGRES_PASSWORD:-/);
  });

  it("runs every container confined and bounded: no capabilities beyond PostgreSQL's start, no new privileges, a read-only root, limits", () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.cap_drop, name).toEqual(['ALL']);
      expect(service.security_opt, name).toContain('no-new-privileges:true');
      expect(service.read_only, name).toBe(true);
      const limits = service.deploy?.resources?.limits ?? {};
      expect(Object.keys(limits).sort(), name).toEqual(['cpus', 'memory', 'pids']);
    }
    // The entry point's own steps: the data directory made the postgres user's, then that user.
    expect(services.postgres.cap_add.sort()).toEqual(['CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'SETGID', 'SETUID']);
    for (const name of [...instances, 'migrate']) expect(services[name].cap_add, name).toBeUndefined();
    // Where each writes besides its volumes.
    for (const name of [...instances, 'migrate']) expect(services[name].tmpfs, name).toEqual(['/tmp']);
    expect(services.postgres.tmpfs).toEqual(expect.arrayContaining(['/tmp', '/var/run/postgresql']));
  });

  it("publishes only the instances: PostgreSQL and Prometheus stay inside compose's network", () => {
    const published = Object.entries(services)
      .filter(([, s]) => s.ports)
      .map(([name]) => name);
    expect(published.sort()).toEqual([...instances].sort());
  });

  it('has Prometheus scrape /metrics of both instances', () => {
    const prometheus = parse(read('deploy/observability/prometheus.yml'));
    const job = prometheus.scrape_configs[0];
    expect(job.metrics_path).toBe('/metrics');
    expect(job.static_configs[0].targets).toEqual(instances.map((n) => `${n}:8080`));
  });
});

describe('Dockerfile', () => {
  const file = read('Dockerfile');

  it('builds from the upstream Node 20 images unless told otherwise, and runs unprivileged on 0.0.0.0', () => {
    expect(file).toMatch(/^ARG BUILD_IMAGE=node:20-bookworm$/m);
    expect(file).toMatch(/^ARG BASE_IMAGE=node:20-bookworm-slim$/m);
    expect(file).toMatch(/^USER 1000:1000$/m);
    expect(file).toMatch(/HOST=0\.0\.0\.0/);
    expect(file).toMatch(/WAYBILL_DATA_DIR=\/data/);
    expect(file).toMatch(/^VOLUME \/data$/m);
    expect(file).toMatch(/^HEALTHCHECK [^\n]*\\\n[^\n]*\/healthz/m);
    expect(file).toMatch(/^STOPSIGNAL SIGTERM$/m);
  });

  it("makes the data directory the service user's alone (0700): it holds the key file, the database and the emulator's credentials", () => {
    const run = /^RUN mkdir -p \/data([^\n]*\\\n)*[^\n]*$/m.exec(file)?.[0] ?? '';
    expect(run).toMatch(/chown 1000:1000 \/data/);
    expect(run).toMatch(/chmod 0?700 \/data/);
  });
});

describe('the README', () => {
  it('documents every setting the service reads in its settings table (the carriers’ URLs by their pattern)', () => {
    const readme = read('README.md');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Operating'));
    // A row's first cell names one setting or several (`WAYBILL_JWT_AUDIENCE`, `WAYBILL_JWT_ISSUER`).
    const rows = new Set(
      [...table.matchAll(/^\|([^|]*)\|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([A-Z0-9_<>]+)`/g)].map((n) => n[1]!)),
    );
    const carrierUrl = /^WAYBILL_[A-Z0-9_]+?(_TEST)?_URL$/;
    const missing = [...SETTINGS].filter(
      (name) =>
        !rows.has(name) &&
        !(
          carrierUrl.test(name) &&
          carrierNames.slugs.some((s) => name.startsWith(`WAYBILL_${s.toUpperCase()}_`)) &&
          rows.has('WAYBILL_<SLUG>_URL')
        ),
    );
    expect(missing).toEqual([]);
  });

  it('says how long a start waits for its database, the setting the service reads', () => {
    const readme = read('README.md');
    expect(SETTINGS.has('WAYBILL_DATABASE_WAIT')).toBe(true);
    expect(readme).toMatch(/^\| `WAYBILL_DATABASE_WAIT` \| `60s` \|/m);
    expect(loadConfig({}, carrierNames).databaseWaitMs).toBe(60_000);
    expect(loadConfig({ WAYBILL_DATABASE_WAIT: '0' }, carrierNames).databaseWaitMs).toBe(0);
    expect(() => loadConfig({ WAYBILL_DATABASE_WAIT: 'soon' }, carrierNames)).toThrow(/WAYBILL_DATABASE_WAIT/);
  });
});
