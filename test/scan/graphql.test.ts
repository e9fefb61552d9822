/** The `scan` query on the real server: the same reports as the CLI, errors with lines, the body limit. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { startApp, type RunningApp } from '../support/fixtures.js';

const QUERY = `query Scan($input: ScanInput!) {
  scan(input: $input) {
    verdict datasetVersion
    summary { objectsRead reported judged notJudged ignored distinctPlans ignoredReasons { reason count } }
    objects { kind namespace name part line verdict missing
      findings { severity code subject line path sources { document { slug } section } }
      facts { field value path line from detail } }
  }
}`;

const fixture = (path: string) => readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'scan', path), 'utf8');

interface ScanAnswer {
  scan: {
    verdict: string | null;
    summary: { objectsRead: number; reported: number; ignored: number; ignoredReasons: { reason: string; count: number }[] };
    objects: {
      kind: string;
      namespace: string | null;
      name: string;
      part: string | null;
      line: number;
      verdict: string | null;
      missing: string[];
      findings: { severity: string; code: string; subject: string | null; line: number; path: string | null; sources: unknown[] }[];
      facts: { field: string; value: string; from: string | null }[];
    }[];
  };
}

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

describe('scan query', () => {
  it('judges pasted manifests with lines, like the CLI', async () => {
    const { status, body } = await app.graphql<ScanAnswer>(QUERY, {
      input: { documents: fixture('real/sig-windows-tools-flannel-host-gw.yml'), plan: { windowsVersion: 'windows-server-2019', kubernetesVersion: '1.31' } },
    });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const ds = body.data!.scan.objects.find((o) => o.kind === 'DaemonSet')!;
    expect(ds).toMatchObject({ namespace: 'kube-system', name: 'kube-flannel-ds-windows-amd64', line: 144, verdict: 'INCOMPATIBLE' });
    expect(ds.findings[0]).toMatchObject({
      severity: 'ERROR',
      code: 'UNSUPPORTED_FUNCTIONALITY',
      subject: 'host-network-mode',
      line: 175,
      path: 'spec.template.spec.hostNetwork',
    });
    expect(ds.findings[0]!.sources.length).toBeGreaterThan(0);
    const cm = body.data!.scan.objects.find((o) => o.kind === 'ConfigMap')!;
    expect(cm.facts).toContainEqual({
      field: 'networkMode',
      value: 'l2bridge',
      path: 'data["cni-conf.json"].delegate.type',
      line: expect.any(Number),
      from: null,
      detail: null,
    });
  });

  it('reads a kubectl List and reports the eksctl node group capacity', async () => {
    const { body } = await app.graphql<ScanAnswer>(QUERY, { input: { documents: fixture('real/eksctl-14-windows-nodes.yaml') } });
    const [group] = body.data!.scan.objects;
    expect(group).toMatchObject({ kind: 'ClusterConfig', name: 'cluster-14', part: 'nodeGroups/windows-ng', line: 12 });
    expect(group!.findings.map((f) => f.code)).toContain('POD_CAPACITY');
  });

  it('counts ignored objects and lists what is missing', async () => {
    const { body } = await app.graphql<ScanAnswer>(QUERY, { input: { documents: fixture('bad/partial.yaml') } });
    expect(body.data!.scan.summary).toMatchObject({
      objectsRead: 2,
      reported: 1,
      ignored: 1,
      ignoredReasons: [{ reason: 'kind Widget is not read', count: 1 }],
    });
    expect(body.data!.scan.objects[0]!.verdict).toBeNull();
    expect(body.data!.scan.objects[0]!.missing.length).toBeGreaterThan(0);
  });

  it('says the cluster each object was judged in and where its cluster plan findings are', async () => {
    const query = `query Scan($input: ScanInput!) {
      scan(input: $input) {
        summary { grouping clusters { name files facts { field value from } conflicts } }
        objects { kind name cluster planFindingsOn findings { code subject } }
      }
    }`;
    const { body } = await app.graphql<{
      scan: {
        summary: {
          grouping: string;
          clusters: { name: string; files: string[]; facts: { field: string; value: string; from: string }[]; conflicts: string[] }[];
        };
        objects: { kind: string; cluster: string; planFindingsOn: string[]; findings: { code: string; subject: string | null }[] }[];
      };
    }>(query, { input: { documents: fixture('real/sig-windows-tools-calico-hostprocess.yml'), plan: { windowsVersion: 'windows-server-2019' } } });
    expect(body.errors).toBeUndefined();
    const { summary, objects } = body.data!.scan;
    expect(summary.grouping).toBe('BY_CLUSTER_FACTS');
    expect(summary.clusters).toEqual([
      {
        name: 'the input',
        files: ['documents'],
        facts: [
          // The IPAMConfig, first in the file, states Calico (manifest-signals.yaml calico-ipam-config).
          { field: 'cniPlugin', value: 'calico', from: 'IPAMConfig default (documents:8)' },
          { field: 'networkMode', value: 'overlay', from: 'ConfigMap kube-system/calico-config-windows (documents:20)' },
        ],
        conflicts: [],
      },
    ]);
    const [, configMap, daemonSet] = objects;
    // Overlay's preview status is the cluster plan's: on the ConfigMap once, and the DaemonSet says where.
    expect(configMap!.findings).toContainEqual({ code: 'NETWORK_MODE_PRERELEASE', subject: 'overlay' });
    expect(daemonSet!.findings.map((f) => f.code)).not.toContain('NETWORK_MODE_PRERELEASE');
    for (const o of objects) expect(o).toMatchObject({ cluster: 'the input', planFindingsOn: ['documents:10 ConfigMap kube-system/calico-config-windows'] });
  });

  it('refuses documents that do not parse with BAD_USER_INPUT and the line', async () => {
    const { status, body } = await app.graphql(QUERY, { input: { documents: fixture('bad/bad-indent.yaml') } });
    expect(status).toBe(200);
    expect(body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.documents', line: 5, column: 1 });
    expect(body.errors![0]!.message).toContain('line 5, column 1');
  });

  it('refuses a bad plan under input.plan', async () => {
    const { body } = await app.graphql(QUERY, { input: { documents: 'kind: Service', plan: { windowsVersion: 'windows-server-2091' } } });
    expect(body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.plan.windowsVersion' });
  });

  it('keeps the body limit: a dump over it is refused with 413', async () => {
    const big = fixture('constructed/eks-cluster.json').repeat(10);
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY, variables: { input: { documents: big } } }),
    });
    expect(response.status).toBe(413);
  });
});
