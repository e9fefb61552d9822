/**
 * The deployment files, checked without Docker or a cluster (neither exists on the build machine):
 *
 * - every YAML document under deploy/ is a named Kubernetes object, and the objects agree with each
 *   other (Service -> container port, HPA -> Deployment, PDB -> pod labels, kustomization -> files);
 * - the Deployment's probes answer 200 on the real server, its env passes the server's own config
 *   validation, and its security settings are the hardened ones;
 * - the Dockerfile is multi-stage, builds the database at image build time, runs as a numeric
 *   non-root user, exposes and runs what the server needs, and copies only paths that exist (in the
 *   build context, not excluded by .dockerignore) or that an earlier build step produces;
 * - the runtime stage's file set, assembled from the Dockerfile's own COPY lines, is enough: the
 *   compiled server starts from it as the image's uid, answers the probes and GraphQL, writes
 *   nothing, and exits 0 on SIGTERM.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { startApp, testDatabasePath, type RunningApp } from '../support/fixtures.js';
import { copyProductionNodeModules, makeWorldReadable, nodeRunnableBy, sharedTempBase } from '../support/runtime-files.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEPLOY_DIR = join(ROOT, 'deploy');
/** Where the Dockerfile's build stage finds the database `npm run db:build` writes (src/db/paths.ts). */
const DATABASE_IN_IMAGE = 'data/winnet-kb.sqlite';

// ---------------------------------------------------------------- Kubernetes manifests

interface Manifest {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; labels?: Record<string, string> };
  file: string;
}
type Labels = Record<string, string>;
interface Probe {
  httpGet?: { path?: string; port?: string | number };
}
interface Container {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number; protocol?: string }[];
  env?: { name: string; value?: string }[];
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    privileged?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
  };
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { cpu?: string; memory?: string } };
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  volumeMounts?: { name: string; mountPath: string }[];
}
interface Deployment extends Manifest {
  spec: {
    replicas?: number;
    selector: { matchLabels: Labels };
    template: {
      metadata: { labels: Labels };
      spec: {
        securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
        nodeSelector?: Labels;
        containers: Container[];
        volumes?: { name: string; emptyDir?: { medium?: string; sizeLimit?: string } }[];
      };
    };
  };
}
interface Service extends Manifest {
  spec: { type?: string; selector: Labels; ports: { name?: string; port: number; targetPort: string | number }[] };
}
interface Hpa extends Manifest {
  spec: {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicas: number;
    maxReplicas: number;
    metrics: { type: string; resource?: { name: string; target: { type: string; averageUtilization?: number } } }[];
  };
}
interface Pdb extends Manifest {
  spec: { minAvailable?: number | string; maxUnavailable?: number | string; selector: { matchLabels: Labels } };
}
interface Kustomization extends Manifest {
  resources?: string[];
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}

function loadManifests(): Manifest[] {
  return yamlFiles(DEPLOY_DIR).flatMap((path) => {
    const file = relative(ROOT, path);
    return parseAllDocuments(readFileSync(path, 'utf8')).flatMap((doc) => {
      expect(
        doc.errors.map((e) => e.message),
        file,
      ).toEqual([]);
      const value = doc.toJS() as Omit<Manifest, 'file'> | null;
      return value === null ? [] : [{ ...value, file }];
    });
  });
}

const manifests = loadManifests();
function only<T extends Manifest>(kind: string): T {
  const found = manifests.filter((m) => m.kind === kind);
  expect(
    found.map((m) => m.file),
    `exactly one ${kind}`,
  ).toHaveLength(1);
  return found[0] as T;
}
const deployment = only<Deployment>('Deployment');
const pod = deployment.spec.template;
const container = pod.spec.containers[0]!;
const containerEnv = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value ?? '']));

/** True when every label of `selector` is on `labels`. */
const selects = (selector: Labels, labels: Labels) => Object.entries(selector).every(([key, value]) => labels[key] === value);

/** Kubernetes quantities: 256Mi -> bytes, 250m -> 0.25. */
function quantity(text: string | undefined): number {
  const match = /^([0-9.]+)(m|Ki|Mi|Gi|k|M|G)?$/.exec(text ?? '');
  if (!match) throw new Error(`not a quantity: ${text}`);
  const factor: Record<string, number> = { m: 1e-3, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, k: 1e3, M: 1e6, G: 1e9 };
  return Number(match[1]) * (match[2] ? factor[match[2]]! : 1);
}

describe('Kubernetes manifests (deploy/)', () => {
  it('every document is a named Kubernetes object', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(5);
    for (const m of manifests) {
      expect(m.apiVersion, m.file).toMatch(/^[a-z0-9.-]*\/?v\d+(?:(?:alpha|beta)\d+)?$/);
      expect(m.kind, m.file).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(m.metadata?.name, m.file).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    }
    expect(manifests.map((m) => `${m.apiVersion} ${m.kind}`).sort()).toEqual([
      'apps/v1 Deployment',
      'autoscaling/v2 HorizontalPodAutoscaler',
      'kustomize.config.k8s.io/v1beta1 Kustomization',
      'policy/v1 PodDisruptionBudget',
      'v1 Service',
    ]);
  });

  it('the kustomization lists every manifest file beside it, and only existing ones', () => {
    const kustomization = only<Kustomization>('Kustomization');
    const dir = dirname(join(ROOT, kustomization.file));
    const besides = yamlFiles(dir)
      .map((path) => relative(dir, path))
      .filter((file) => !/^kustomization\.ya?ml$/.test(file))
      .sort();
    expect([...(kustomization.resources ?? [])].sort()).toEqual(besides);
    for (const resource of kustomization.resources ?? []) expect(existsSync(join(dir, resource)), resource).toBe(true);
  });

  // kubectl's built-in kustomize renders offline; skipped where kubectl is not installed.
  const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
  if (!kubectl) console.warn('kustomize render check skipped: kubectl not found (the static manifest checks still run)');
  it.skipIf(!kubectl)('kubectl kustomize renders the four objects with the selectors untouched', () => {
    const kustomization = only<Kustomization>('Kustomization');
    const rendered = spawnSync('kubectl', ['kustomize', dirname(join(ROOT, kustomization.file))], { encoding: 'utf8' });
    expect(rendered.status, rendered.stderr).toBe(0);
    const objects = parseAllDocuments(rendered.stdout).map((d) => d.toJS() as Manifest & Partial<Deployment>);
    expect(objects.map((o) => o.kind).sort()).toEqual(['Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Service']);
    const renderedDeployment = objects.find((o) => o.kind === 'Deployment')!;
    expect(renderedDeployment.spec?.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
  });

  it('the Deployment selects its own pods on Linux nodes and leaves the replica count to the autoscaler', () => {
    // A fixed count would be re-applied by every `kubectl apply`, fighting the HorizontalPodAutoscaler.
    expect(deployment.spec).not.toHaveProperty('replicas');
    expect(only<Hpa>('HorizontalPodAutoscaler').spec.scaleTargetRef.name).toBe(deployment.metadata?.name);
    expect(selects(deployment.spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    expect(pod.spec.containers).toHaveLength(1);
    // The image is Linux; a mixed cluster with Windows nodes must not schedule it there.
    expect(pod.spec.nodeSelector?.['kubernetes.io/os']).toBe('linux');
  });

  it('the container port is named http, equals PORT, and the env passes the server config validation', () => {
    const http = container.ports?.find((p) => p.name === 'http');
    expect(http?.containerPort).toBe(4000);
    expect(Number(containerEnv.PORT)).toBe(http?.containerPort);
    expect(containerEnv.LOG_LEVEL).toBeDefined();
    expect(containerEnv.CORS_ORIGINS).toBeDefined();
    const config = readConfig(containerEnv);
    expect(config.port).toBe(4000);
    expect(config.corsOrigins.length).toBeGreaterThan(0);
  });

  it('probes use the named container port', () => {
    const portNames = new Set((container.ports ?? []).map((p) => p.name));
    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
    for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe].filter((p) => p !== undefined))
      expect(portNames.has(String(probe.httpGet?.port)), `probe port ${probe.httpGet?.port}`).toBe(true);
  });

  describe('probe paths on the real server', () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startApp();
    });
    afterAll(() => app.close());

    it('answers 200 on every probe path', async () => {
      const paths = [container.readinessProbe, container.livenessProbe, container.startupProbe].flatMap((p) => (p?.httpGet?.path ? [p.httpGet.path] : []));
      expect(paths.length).toBeGreaterThanOrEqual(2);
      for (const path of paths) expect((await fetch(`${app.url}${path}`)).status, path).toBe(200);
    });
  });

  it('runs hardened: non-root uid 10001, read-only root, no privilege escalation, no capabilities, a tmpfs /tmp', () => {
    expect(pod.spec.securityContext?.runAsNonRoot).toBe(true);
    expect(pod.spec.securityContext?.runAsUser).toBe(10001);
    const security = container.securityContext;
    expect(security?.runAsNonRoot).toBe(true);
    expect(security?.runAsUser).toBe(10001);
    expect(security?.readOnlyRootFilesystem).toBe(true);
    expect(security?.allowPrivilegeEscalation).toBe(false);
    expect(security?.privileged ?? false).toBe(false);
    expect(security?.capabilities?.drop).toEqual(['ALL']);
    expect(security?.capabilities?.add ?? []).toEqual([]);
    const tmp = container.volumeMounts?.find((m) => m.mountPath === '/tmp');
    expect(tmp).toBeDefined();
    expect(pod.spec.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
  });

  it('runs node with the young-generation size the benchmarks measured, in the image, the Deployment and npm start', () => {
    const flag = '--max-semi-space-size=8';
    expect(containerEnv.NODE_OPTIONS).toContain(flag);
    expect(
      runtimeFrom('ENV')
        .map((i) => i.args)
        .join(' '),
    ).toContain(`NODE_OPTIONS=${flag}`);
    expect((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start).toContain(flag);
  });

  it('requests and limits fit a process of about 200 MB RSS', () => {
    const { requests, limits } = container.resources ?? {};
    expect(quantity(requests?.memory)).toBeGreaterThanOrEqual(200 * 2 ** 20);
    expect(quantity(limits?.memory)).toBeGreaterThanOrEqual(1.5 * 200 * 2 ** 20);
    expect(quantity(limits?.memory)).toBeLessThanOrEqual(2 ** 30);
    expect(quantity(requests?.cpu)).toBeGreaterThan(0);
    expect(quantity(limits?.cpu)).toBeGreaterThanOrEqual(quantity(requests?.cpu));
    // The V8 heap cap, if set, stays under the memory limit.
    const heap = /--max-old-space-size=(\d+)/.exec(containerEnv.NODE_OPTIONS ?? '');
    if (heap) expect(Number(heap[1]) * 2 ** 20).toBeLessThan(quantity(limits?.memory));
  });

  it('the Service is a ClusterIP on port 80 targeting a named container port of the pods', () => {
    const service = only<Service>('Service');
    expect(service.spec.type ?? 'ClusterIP').toBe('ClusterIP');
    expect(selects(service.spec.selector, pod.metadata.labels)).toBe(true);
    const port = service.spec.ports.find((p) => p.port === 80);
    expect(port).toBeDefined();
    expect(typeof port?.targetPort).toBe('string');
    expect((container.ports ?? []).map((p) => p.name)).toContain(port?.targetPort);
  });

  it('the HorizontalPodAutoscaler scales the Deployment on CPU, 2 to 10 replicas', () => {
    const hpa = only<Hpa>('HorizontalPodAutoscaler');
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: deployment.apiVersion, kind: 'Deployment', name: deployment.metadata?.name });
    expect([hpa.spec.minReplicas, hpa.spec.maxReplicas]).toEqual([2, 10]);
    const cpu = hpa.spec.metrics.find((m) => m.type === 'Resource' && m.resource?.name === 'cpu');
    expect(cpu?.resource?.target).toEqual({ type: 'Utilization', averageUtilization: 70 });
    // Utilization is relative to the CPU request, so there must be one.
    expect(container.resources?.requests?.cpu).toBeDefined();
  });

  it('the PodDisruptionBudget covers the Deployment pods and still allows a drain', () => {
    const pdb = only<Pdb>('PodDisruptionBudget');
    expect(pdb.apiVersion).toBe('policy/v1');
    expect(pdb.spec.minAvailable).toBe(1);
    expect(selects(pdb.spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    // The autoscaler never goes below minReplicas, so a drain can always evict one pod.
    expect(Number(pdb.spec.minAvailable)).toBeLessThan(only<Hpa>('HorizontalPodAutoscaler').spec.minReplicas);
  });
});

// ---------------------------------------------------------------- Dockerfile

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}
interface Stage {
  image: string;
  name: string | undefined;
  instructions: Instruction[];
}
interface Copy {
  from: string | undefined;
  sources: string[];
  dest: string;
  line: number;
}

/** Instructions with continuation lines joined and comments dropped. */
function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && !pending)) return;
    const continues = line.endsWith('\\');
    const part = continues ? line.slice(0, -1).trim() : line;
    pending = pending ? { text: `${pending.text} ${part}`, line: pending.line } : { text: part, line: index + 1 };
    if (continues) return;
    const match = /^(\S+)\s*(.*)$/.exec(pending.text)!;
    instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!, line: pending.line });
    pending = undefined;
  });
  return instructions;
}

function stagesOf(instructions: Instruction[]): { args: Record<string, string>; stages: Stage[] } {
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.args.split(/\s+/);
      const resolved = image!.replace(/\$\{?(\w+)\}?/g, (_, arg: string) => args[arg] ?? '');
      stages.push({ image: resolved, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword === 'ARG') {
        const [key, value] = instruction.args.split('=');
        args[key!] = value ?? '';
      }
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return { args, stages };
}

function copiesOf(stage: Stage): Copy[] {
  return stage.instructions
    .filter((i) => i.keyword === 'COPY')
    .map((i) => {
      const words = i.args.trim().startsWith('[') ? (JSON.parse(i.args) as string[]) : i.args.trim().split(/\s+/);
      const flags = words.filter((w) => w.startsWith('--'));
      const paths = words.filter((w) => !w.startsWith('--'));
      const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
      return { from, sources: paths.slice(0, -1), dest: paths.at(-1)!, line: i.line };
    });
}

/** Where each source of a COPY lands, relative to the stage's WORKDIR. */
function destinations(copy: Copy, workdir: string): { source: string; dest: string }[] {
  const intoDir = copy.sources.length > 1 || copy.dest.endsWith('/') || copy.dest === '.';
  return copy.sources.map((source) => {
    const target = intoDir ? posix.join(copy.dest, posix.basename(source)) : copy.dest;
    return { source, dest: posix.relative(workdir, posix.resolve(workdir, target)) };
  });
}

/** .dockerignore semantics, enough for these files: globs from the context root, later `!` lines re-include. */
function ignoredByDockerignore(patterns: string[], path: string): boolean {
  const toRegExp = (glob: string) =>
    new RegExp(
      `^${glob
        .replace(/^\//, '')
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*/g, '\0')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        .replace(/\0/g, '.*')}$`,
    );
  const prefixes = path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    const regExp = toRegExp(negated ? pattern.slice(1) : pattern);
    if (prefixes.some((p) => regExp.test(p))) ignored = !negated;
  }
  return ignored;
}

const dockerfile = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
const { stages } = stagesOf(dockerfile);
const runtime = stages.at(-1)!;
const runtimeFrom = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword);
const dockerignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  engines: { node: string };
};
const tsconfig = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { compilerOptions: { outDir: string; rootDir: string } };

/** What the build stage's RUN steps produce, and how the test makes the same thing without Docker. */
const PRODUCERS: { run: string; produces: string; make(target: string): void }[] = [
  // The real image prunes dev dependencies; here a copy of the production closure stands in for it
  // (a copy, not a symlink: the image uid may not be able to traverse the checkout's parents).
  { run: 'npm ci', produces: 'node_modules', make: (target) => void copyProductionNodeModules(ROOT, target) },
  {
    run: 'npm run build',
    produces: tsconfig.compilerOptions.outDir,
    make: (target) => {
      const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', target], {
        encoding: 'utf8',
      });
      expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
    },
  },
  {
    run: 'npm run db:build',
    produces: DATABASE_IN_IMAGE,
    make: (target) => {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(testDatabasePath(), target);
    },
  },
];

/** The build stage a runtime COPY --from names, with what it has at its end: copied or produced paths. */
function buildStageContents(name: string): { stage: Stage; paths: Set<string> } {
  const stage = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`no stage named ${name}`);
  const workdir = stage.instructions.filter((i) => i.keyword === 'WORKDIR').at(-1)?.args ?? '/';
  const paths = new Set<string>();
  for (const instruction of stage.instructions) {
    if (instruction.keyword === 'COPY') for (const { dest } of destinations(copiesOf({ ...stage, instructions: [instruction] })[0]!, workdir)) paths.add(dest);
    if (instruction.keyword === 'RUN') for (const p of PRODUCERS) if (instruction.args.includes(p.run)) paths.add(p.produces);
  }
  return { stage, paths };
}

/** The runtime stage's COPY --from lines, each source relative to the build stage's WORKDIR. */
function runtimeFiles(): { source: string; dest: string; from: string }[] {
  const workdir = runtimeFrom('WORKDIR').at(-1)?.args ?? '/';
  return copiesOf(runtime).flatMap((copy) => {
    expect(copy.from, `runtime COPY on line ${copy.line} must come from the build stage`).toBeDefined();
    const buildWorkdir =
      stages
        .find((s) => s.name === copy.from)
        ?.instructions.filter((i) => i.keyword === 'WORKDIR')
        .at(-1)?.args ?? '/';
    return destinations(copy, workdir).map(({ source, dest }) => ({ source: posix.relative(buildWorkdir, source), dest, from: copy.from! }));
  });
}

describe('Dockerfile', () => {
  it('has a build stage and a runtime stage on the Node.js line CI runs (.node-version), which engines accepts in full', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const ciVersion = readFileSync(join(ROOT, '.node-version'), 'utf8').trim();
    expect(semver.valid(ciVersion), `.node-version holds one exact version, not ${ciVersion}`).toBe(ciVersion);
    const line = semver.major(ciVersion);
    for (const stage of stages) expect(stage.image).toBe(`node:${line}-bookworm-slim`);
    expect(stages[0]!.name).toBeDefined();
    // The image tag floats to the newest release of its line: every release of it must satisfy engines.
    const engines = packageJson.engines.node;
    expect(semver.validRange(engines), engines).not.toBeNull();
    expect(semver.subset(`^${line}.0.0`, engines), `every Node.js ${line}.x satisfies engines ${engines}`).toBe(true);
    expect(semver.satisfies(ciVersion, engines)).toBe(true);
  });

  it('engines names the maintained LTS lines from the first release that loads better-sqlite3 (Node-API 10), and no end-of-life line', () => {
    const engines = packageJson.engines.node;
    // better-sqlite3 13 is built for Node-API 10, which Node.js has from 22.14.0 (22.12 and 20.x crash loading it).
    expect(semver.minVersion(engines)?.version).toBe('22.14.0');
    expect(semver.satisfies('22.13.1', engines)).toBe(false);
    for (const line of ['^22.14.0', '^24.0.0', '^26.0.0']) expect(semver.subset(line, engines), `Node.js ${line}`).toBe(true);
    for (const endOfLife of ['20.19.0', '21.7.3', '23.11.1']) expect(semver.satisfies(endOfLife, engines), endOfLife).toBe(false);
  });

  it('builds the database at image build time: npm ci, build, db:build, prune, in that order', () => {
    const runs = stages[0]!.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    const at = (command: string) => runs.findIndex((r) => r.includes(command));
    const order = ['npm ci', 'npm run build', 'npm run db:build', 'npm prune --omit=dev'].map(at);
    expect(
      order.every((i) => i >= 0),
      `found at ${order.join(',')}`,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(packageJson.scripts['db:build']).toBeDefined();
    // The build compiles afresh: dist/src is cleared first so a moved source leaves no old output.
    expect(packageJson.scripts.build).toMatch(/rmSync\('dist\/src'.*&& tsc -p tsconfig\.build\.json && node tools\/bundle-cli\.js$/);
    // None of this happens at run time.
    expect(
      runtimeFrom('RUN')
        .map((i) => i.args)
        .join('\n'),
    ).not.toMatch(/npm|db:build|tsc/);
  });

  it('runs as a numeric non-root user, the same uid as the Deployment', () => {
    const users = runtimeFrom('USER');
    expect(users.length).toBeGreaterThan(0);
    const match = /^(\d+)(?::(\d+))?$/.exec(users.at(-1)!.args.trim());
    expect(match, 'USER must be numeric (uid or uid:gid)').not.toBeNull();
    expect(Number(match![1])).not.toBe(0);
    expect(Number(match![1])).toBe(container.securityContext?.runAsUser);
  });

  it('sets the production env, exposes 4000, checks /healthz and runs the compiled server directly', () => {
    const env = runtimeFrom('ENV')
      .map((i) => i.args)
      .join(' ');
    for (const pair of ['NODE_ENV=production', 'PORT=4000', 'HOST=0.0.0.0']) expect(env).toContain(pair);
    expect(env).not.toContain('DATABASE_PATH');
    expect(runtimeFrom('EXPOSE').map((i) => i.args.trim())).toEqual(['4000']);
    expect(container.ports?.find((p) => p.name === 'http')?.containerPort).toBe(4000);
    expect(runtimeFrom('HEALTHCHECK').at(-1)?.args).toContain('/healthz');
    const cmd = runtimeFrom('CMD').at(-1)!;
    expect(JSON.parse(cmd.args)).toEqual(['node', 'dist/src/server/main.js']);
    // dist/src/server/main.js is what tsc makes of src/server/main.ts (outDir dist, rootDir .).
    expect(tsconfig.compilerOptions).toMatchObject({ outDir: 'dist', rootDir: '.' });
    expect(existsSync(join(ROOT, 'src/server/main.ts'))).toBe(true);
  });

  it('copies into the build stage only paths that exist and that .dockerignore keeps', () => {
    const contextCopies = stages.flatMap((s) => copiesOf(s)).filter((c) => c.from === undefined);
    expect(contextCopies.length).toBeGreaterThan(0);
    for (const copy of contextCopies)
      for (const source of copy.sources) {
        expect(existsSync(join(ROOT, source)), `COPY ${source} (line ${copy.line}) exists`).toBe(true);
        expect(ignoredByDockerignore(dockerignore, source), `COPY ${source} (line ${copy.line}) is excluded by .dockerignore`).toBe(false);
      }
  });

  it('copies into the runtime stage only what the build stage has, and exactly what the server needs', () => {
    const files = runtimeFiles();
    for (const { source, from } of files) {
      const { paths } = buildStageContents(from);
      const available = [...paths].some((p) => source === p || source.startsWith(`${p}/`));
      expect(available, `${source} is copied or produced in stage ${from} (has ${[...paths].join(', ')})`).toBe(true);
    }
    expect(files.map((f) => f.dest).sort()).toEqual([
      'data/winnet-kb.sqlite',
      'dist',
      'migrations',
      'node_modules',
      'package.json',
      'schema',
      'tsconfig.build.json',
    ]);
    // src/db/paths.ts finds the project root by these two files, and the default database under it.
    const paths = readFileSync(join(ROOT, 'src/db/paths.ts'), 'utf8');
    expect(paths).toContain("'tsconfig.build.json'");
    expect(paths).toContain("join(PROJECT_ROOT, 'data', 'winnet-kb.sqlite')");
  });

  it('.dockerignore keeps host builds, databases, results and git out of the context', () => {
    for (const path of ['node_modules', 'dist', 'data', 'data/winnet-kb.sqlite', 'test-results', '.git'])
      expect(ignoredByDockerignore(dockerignore, path), path).toBe(true);
  });

  it('the server imports only packages that survive `npm prune --omit=dev`', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    const imported = new Set<string>();
    for (const file of sources(join(ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^;'"]*?\sfrom\s+)?'([^'.][^']*)'/gm)) {
        if (match[1] || match[2]!.startsWith('node:')) continue;
        const parts = match[2]!.split('/');
        imported.add(parts[0]!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
      }
      // GraphiQL's assets are read from these packages at run time (src/server/graphiql.ts).
      for (const match of text.matchAll(/packageDir\('([^']+)'\)/g)) imported.add(match[1]!);
    }
    expect(imported.size).toBeGreaterThan(5);
    for (const name of imported) expect(Object.keys(packageJson.dependencies), `${name} is a production dependency`).toContain(name);
  });
});

// ---------------------------------------------------------------- the runtime file set, run

/** Every file under `dir` with size and mtime (symlinks not followed). */
function snapshot(dir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => {
      const path = join(d, e.name);
      if (e.isSymbolicLink()) return [`${relative(dir, path)} -> link`];
      if (e.isDirectory()) return [`${relative(dir, path)}/`, ...walk(path)];
      const stat = statSync(path);
      return [`${relative(dir, path)} ${stat.size} ${stat.mtimeMs}`];
    });
  return walk(dir).sort();
}

const imageUid = Number(/^(\d+)/.exec(runtimeFrom('USER').at(-1)!.args)![1]);
const asRoot = process.getuid?.() === 0;
// The file set must sit where the image uid can reach it, whatever the checkout's location.
const temp = sharedTempBase();
if ('reason' in temp) console.warn(`runtime file set test skipped: ${temp.reason}, so no file set can be made that uid ${imageUid} can read`);

describe.skipIf('reason' in temp)('the runtime stage, assembled from the Dockerfile COPY lines', () => {
  let dir: string;
  let nodeDir: string;
  /** As root (CI containers), the server drops to the image's uid, with a node binary that uid can run. */
  let runAs: { uid: number; node: string } | undefined;
  beforeAll(() => {
    const base = (temp as { base: string }).base;
    dir = mkdtempSync(join(base, 'winnet-kb-image-'));
    for (const { source, dest, from } of runtimeFiles()) {
      const target = join(dir, dest);
      const producer = PRODUCERS.find((p) => p.produces === source);
      if (producer) producer.make(target);
      else {
        expect(buildStageContents(from).paths.has(source), `${source} comes from the build context`).toBe(true);
        cpSync(join(ROOT, source), target, { recursive: true });
      }
    }
    // The image's files are root's and read-only to the uid; a checkout made under umask 077 is not even that.
    makeWorldReadable(dir);
    nodeDir = mkdtempSync(join(base, 'winnet-kb-node-'));
    makeWorldReadable(nodeDir);
    if (asRoot) {
      const runnable = nodeRunnableBy(imageUid, nodeDir);
      if ('reason' in runnable) console.warn(`uid check skipped, the server runs as root instead: ${runnable.reason}`);
      else runAs = { uid: imageUid, node: runnable.node };
    }
    // Copying ~14,000 files and compiling takes 20 s here, and several times that on a loaded machine.
  }, 300_000);
  afterAll(() => {
    for (const d of [dir, nodeDir]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('starts as the image uid with the image and Deployment env, serves probes and GraphQL, writes nothing, and drains on SIGTERM', async () => {
    expect(existsSync(join(dir, 'seeds'))).toBe(false);
    expect(existsSync(join(dir, 'src'))).toBe(false);
    const imageEnv = Object.fromEntries(
      runtimeFrom('ENV')
        .flatMap((i) => i.args.split(/\s+/))
        .map((pair) => pair.split('=') as [string, string]),
    );
    const before = snapshot(dir);
    const server = spawn(runAs?.node ?? process.execPath, [(JSON.parse(runtimeFrom('CMD').at(-1)!.args) as string[])[1]!], {
      cwd: dir,
      // Only what the image and the Deployment set, on a free loopback port instead of 0.0.0.0:4000
      // and at info level, whose start-up line gives the address.
      env: { PATH: process.env.PATH, ...imageEnv, ...containerEnv, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      ...(runAs ? { uid: runAs.uid, gid: runAs.uid } : {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
        const check = () => {
          const match = /GraphQL (http:\/\/[^\s"]+)\/graphql/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        };
        server.stdout.on('data', check);
        void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
      });
      if (runAs)
        expect(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1], 'the server runs as the image uid').toBe(String(runAs.uid));
      for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe])
        if (probe?.httpGet?.path) expect((await fetch(`${url}${probe.httpGet.path}`)).status, probe.httpGet.path).toBe(200);
      const graphql = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ podCapacity(input: { instanceType: "m5.large", ipAddressMode: PREFIX_DELEGATION }) { maxPods } }' }),
      });
      expect(await graphql.json()).toMatchObject({ data: { podCapacity: { maxPods: 144 } } });
      for (const asset of ['/graphiql', '/graphiql/graphiql.js', '/graphiql/react.js']) expect((await fetch(`${url}${asset}`)).status, asset).toBe(200);
      expect(snapshot(dir), 'the server wrote nothing').toEqual(before);
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    if (runAs) expect(output).not.toMatch(/EACCES|EPERM|EROFS/);
  }, 300_000);
});
