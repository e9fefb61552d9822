/**
 * Finding.applicability and dependsOn as the API serves them, and the additive
 * findings(applicability:) filter on CompatibilityReport and ScannedObject: without the argument
 * every finding, with it only those kinds, the verdict always over every finding.
 */
import { describe, expect, it } from 'vitest';
import { inProcessApi } from '../support/in-process-api.js';

const run = inProcessApi();

interface Row {
  code: string;
  subject: string | null;
  applicability: string;
  dependsOn: string[];
  severity: string;
}

const PLAN = { windowsVersion: 'windows-server-2022', cniPlugin: 'calico', kubernetesVersion: '1.33' };
const QUERY = `query ($input: CompatibilityInput!, $only: [FindingApplicability!]) {
  compatibility(input: $input) { verdict all: findings { code subject applicability dependsOn severity } some: findings(applicability: $only) { code subject applicability dependsOn severity } }
}`;

async function ask(only: string[] | null) {
  const result = await run(QUERY, { input: PLAN, only });
  expect(result.errors).toBeUndefined();
  return (result.data as { compatibility: { verdict: string; all: Row[]; some: Row[] } }).compatibility;
}

describe('compatibility findings(applicability:)', () => {
  it('serves applicability and dependsOn on every finding: the open environment is named where a fact depends on it', async () => {
    const { all } = await ask(null);
    expect(new Set(all.map((f) => f.applicability))).toEqual(new Set(['APPLIES', 'MAY_APPLY', 'GENERAL']));
    // seeds/limitations.yaml eks-single-eni (environments [eks]): the plan gives no environment.
    expect(all.find((f) => f.subject === 'eks-single-eni')).toMatchObject({ applicability: 'MAY_APPLY', dependsOn: ['environment'] });
    for (const f of all.filter((x) => x.applicability !== 'MAY_APPLY')) expect(f.dependsOn).toEqual([]);
    for (const f of all.filter((x) => x.applicability === 'GENERAL')) expect(f.severity).toBe('INFO');
  });

  it('without the argument lists every finding; with it only the kinds asked, the verdict unchanged', async () => {
    const every = await ask(null);
    expect(every.some).toEqual(every.all);
    const focused = await ask(['APPLIES', 'MAY_APPLY']);
    expect(focused.verdict).toBe(every.verdict);
    expect(focused.some).toEqual(every.all.filter((f) => f.applicability !== 'GENERAL'));
    expect(focused.some.length).toBeLessThan(every.all.length);
    const general = await ask(['GENERAL']);
    expect(general.some.length).toBeGreaterThan(0);
    expect(general.some.every((f) => f.applicability === 'GENERAL')).toBe(true);
  });

  it('refuses an unknown kind with the enum named', async () => {
    const result = await run(QUERY, { input: PLAN, only: ['SOMETIMES'] });
    expect(result.errors?.[0]?.message).toMatch(/FindingApplicability/);
  });
});

describe('scan objects findings(applicability:)', () => {
  it('filters each object the same way, and the scan carries applicability and dependsOn', async () => {
    const documents =
      'apiVersion: v1\nkind: Node\nmetadata:\n  name: win-1\n  labels:\n    kubernetes.io/os: windows\n    node.kubernetes.io/windows-build: 10.0.20348\n';
    const query = `query ($input: ScanInput!) { scan(input: $input) { objects { all: findings { code applicability dependsOn } general: findings(applicability: [GENERAL]) { code applicability } } } }`;
    const result = await run(query, { input: { documents } });
    expect(result.errors).toBeUndefined();
    const [node] = (
      result.data as { scan: { objects: { all: { code: string; applicability: string }[]; general: { code: string; applicability: string }[] }[] } }
    ).scan.objects;
    expect(node!.general.length).toBeGreaterThan(0);
    expect(node!.general).toEqual(node!.all.filter((f) => f.applicability === 'GENERAL').map(({ code, applicability }) => ({ code, applicability })));
  });
});
