/**
 * The claims checklist (seeds/claims/*.yaml): every claim of every section of the four seed
 * documents resolves to existing records that cite that document and section, every registered
 * section has claims, and each check of src/seeds/claims.ts catches a planted problem.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import {
  checkClaims,
  claimsCiteSection,
  claimsDocuments,
  claimsOf,
  claimsReferencesResolve,
  claimsScopeMatches,
  claimsSections,
  claimsUniqueIds,
  CLAIMS_RULES,
  coverage,
  parseClaimsText,
  readClaims,
  totals,
  type Claim,
  type ClaimsFile,
  type ClaimsSet,
} from '../../src/seeds/claims.js';
import type { SeedProblem } from '../../src/seeds/read.js';
import { SEED_FILES, type SeedKey } from '../../src/seeds/schema.js';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { cloneSeeds, located, REAL_SEEDS_DIR, realSeeds, record } from './support.js';

const seeds = realSeeds();
const SEED_DOCUMENTS = [...seeds.sources].filter(([, s]) => s.kind === 'seed-document').map(([slug]) => slug);

function realClaims(): ClaimsSet {
  const { claims, problems } = readClaims(REAL_SEEDS_DIR);
  if (problems.length > 0) throw new Error(`real claims do not parse: ${JSON.stringify(problems)}`);
  return claims;
}
const cloneClaims = (): ClaimsSet => structuredClone(realClaims());
const fileOf = (claims: ClaimsSet, doc: string): ClaimsFile => claims.get(`${doc}.yaml`)!;

describe('the real checklist', () => {
  const claims = realClaims();

  it('has one file per seed document, named after it, and nothing else', () => {
    expect(SEED_DOCUMENTS).toHaveLength(4);
    expect([...claims.keys()].sort()).toEqual(SEED_DOCUMENTS.map((d) => `${d}.yaml`).sort());
    for (const [file, c] of claims) expect(file).toBe(`${c.doc}.yaml`);
  });

  it('passes every claims check', () => {
    expect(checkClaims(claims, seeds)).toEqual([]);
  });

  // Issue 24. Red until the limitations are brought in line with the claims' scopes (the seeds
  // and the checklist are fixed in parallel); the message of each problem says which claim and
  // which values disagree.
  it('every limitation and feature default keeps the scopes of the claims that name it (claims-scope-matches)', () => {
    expect(claimsScopeMatches.check(claims, seeds).map((p) => `${p.file} > ${p.record} > ${p.path}: ${p.message}`)).toEqual([]);
  });

  it('every claim that names records has a scope, and docs/curating.md documents every claims rule', () => {
    for (const [, c] of claims) for (const { claim } of claimsOf(c)) if (claim.records) expect(claim.scope, `${c.doc} ${claim.id}`).toBeDefined();
    const curating = readFileSync(join(PROJECT_ROOT, 'docs/curating.md'), 'utf8');
    for (const rule of CLAIMS_RULES) expect(curating, rule.name).toContain(`| \`${rule.name}\` | ${rule.description.replace(/\|/g, '\\|')} |`);
  });

  it('lists claims for every registered section of each seed document, and only for those', () => {
    for (const doc of SEED_DOCUMENTS) {
      const registered = seeds.sources.get(doc)!.sections;
      const listed = fileOf(claims, doc).sections;
      expect(Object.keys(listed).sort(), doc).toEqual([...registered].sort());
      for (const section of registered) expect(listed[section]!.length, `${doc}#${section}`).toBeGreaterThan(0);
    }
  });

  // Checked here directly from the seed files, not through the module's own resolver.
  it('every claim names records that exist and cite its document and section, or gives a reason it is out of scope', () => {
    const keyByFile = new Map<string, SeedKey>((Object.keys(SEED_FILES) as SeedKey[]).map((k) => [SEED_FILES[k].file, k]));
    let carried = 0;
    for (const [, c] of claims) {
      for (const { claim, section } of claimsOf(c)) {
        const label = `${c.doc} ${claim.id}`;
        if (claim.outOfScope !== undefined) {
          expect(claim.records, label).toBeUndefined();
          expect(claim.outOfScope.length, label).toBeGreaterThan(10);
          continue;
        }
        expect(claim.records?.length, label).toBeGreaterThan(0);
        expect(section, label).toBeDefined();
        for (const ref of claim.records!) {
          const [file, slug] = ref.split('/') as [string, string];
          const key = keyByFile.get(`${file}.yaml`);
          expect(key, `${label}: ${ref}`).toBeDefined();
          const record = (seeds[key!] as Map<string, { sources: { doc: string; section: string }[] }>).get(slug);
          expect(record, `${label}: ${ref}`).toBeDefined();
          expect(record!.sources, `${label}: ${ref}`).toContainEqual(expect.objectContaining({ doc: c.doc, section }));
          carried++;
        }
      }
    }
    expect(carried).toBeGreaterThan(300);
  });

  it('claim ids are unique within each document', () => {
    for (const [, c] of claims) {
      const ids = claimsOf(c).map((x) => x.claim.id);
      expect(new Set(ids).size, c.doc).toBe(ids.length);
    }
  });

  it('coverage: every claim is covered or out of scope, none left over', () => {
    const all = coverage(claims, seeds).flatMap((d) => d.sections.flatMap((s) => s.claims));
    const t = totals(all);
    expect(t.notCovered).toBe(0);
    expect(t.covered + t.outOfScope).toBe(t.claims);
    expect(t.claims).toBe([...claims.values()].reduce((n, c) => n + claimsOf(c).length, 0));
  });

  it('docs/curating.md states the current totals per document', () => {
    const curating = readFileSync(join(PROJECT_ROOT, 'docs/curating.md'), 'utf8');
    const docs = coverage(claims, seeds);
    for (const d of docs) {
      const t = totals(d.sections.flatMap((s) => s.claims));
      expect(curating, d.doc).toContain(`| \`${d.doc}\` | ${t.claims} | ${t.covered} | ${t.outOfScope} |`);
    }
    const t = totals(docs.flatMap((d) => d.sections.flatMap((s) => s.claims)));
    expect(curating).toContain(`| all four | ${t.claims} | ${t.covered} | ${t.outOfScope} |`);
  });
});

describe('checklist schema', () => {
  const minimal = {
    doc: 'k8s-windows-networking-uk',
    sections: { ipam: [{ id: 'host-local', claim: 'host-local is supported.', records: ['ipam-options/host-local'], scope: {} }] },
  };
  const parse = (data: unknown) => {
    const problems: SeedProblem[] = [];
    const parsed = parseClaimsText('k8s-windows-networking-uk.yaml', stringify(data), problems);
    return { parsed, problems };
  };
  const withClaim = (claim: Record<string, unknown>) => ({ ...minimal, sections: { ipam: [claim] } });

  it('accepts a minimal checklist and defaults unsectioned to empty', () => {
    const { parsed, problems } = parse(minimal);
    expect(problems).toEqual([]);
    expect(parsed?.unsectioned).toEqual([]);
  });

  it.each([
    [
      'both records and outOfScope',
      { id: 'x', claim: 'C', records: ['ipam-options/host-local'], outOfScope: 'navigation', scope: {} },
      'sections.ipam.0',
      /exactly one/,
    ],
    ['neither records nor outOfScope', { id: 'x', claim: 'C' }, 'sections.ipam.0', /exactly one/],
    [
      'a record reference without a file',
      { id: 'x', claim: 'C', records: ['host-local'], scope: {} },
      'sections.ipam.0.records.0',
      /limitations\/host-network-mode/,
    ],
    ['an empty record list', { id: 'x', claim: 'C', records: [], scope: {} }, 'sections.ipam.0.records', undefined],
    ['an id that is not a slug', { id: 'Host Local', claim: 'C', records: ['ipam-options/host-local'], scope: {} }, 'sections.ipam.0.id', /kebab-case/],
    ['an unknown field', { id: 'x', claim: 'C', records: ['ipam-options/host-local'], scope: {}, source: 'uk' }, 'sections.ipam.0', /source/],
  ])('refuses %s, with its path', (_, claim, path, message) => {
    const { parsed, problems } = parse(withClaim(claim));
    expect(parsed).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'claims/k8s-windows-networking-uk.yaml', path });
    if (message) expect(problems[0]?.message).toMatch(message);
  });

  it.each([
    ['no scope', {}, 'sections.ipam.0.scope', /needs scope/],
    ['an unknown scope dimension', { scope: { region: ['eu'] } }, 'sections.ipam.0.scope', /region/],
    ['a platform outside the vocabulary', { scope: { platforms: ['gcp'] } }, 'sections.ipam.0.scope.platforms.0', undefined],
    ['a date range with no bound', { scope: { dates: {} } }, 'sections.ipam.0.scope.dates', /from, before or both/],
  ])('refuses a claim with records and %s', (_, extra, path, message) => {
    const { problems } = parse(withClaim({ id: 'x', claim: 'C', records: ['ipam-options/host-local'], ...extra }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path });
    if (message) expect(problems[0]?.message).toMatch(message);
  });

  it('accepts {} as the scope of a claim its source does not restrict, and no scope on an out-of-scope claim', () => {
    expect(parse(withClaim({ id: 'x', claim: 'C', records: ['ipam-options/host-local'], scope: {} })).problems).toEqual([]);
    expect(parse(withClaim({ id: 'x', claim: 'C', outOfScope: 'A pointer to further reading.' })).problems).toEqual([]);
  });

  it('refuses a listed section with no claims', () => {
    const { problems } = parse({ ...minimal, sections: { ipam: [] } });
    expect(problems.map((p) => p.path)).toEqual(['sections.ipam']);
  });

  it('refuses a claim outside the sections that names records but no citedAs', () => {
    const { problems } = parse({
      ...minimal,
      unsectioned: [{ id: 'lead', where: 'lead', claim: 'C', records: ['limitations/mixed-os-cluster-networking'], scope: {} }],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: 'unsectioned.0.citedAs', message: expect.stringMatching(/citedAs/) });
  });

  it('reports a YAML syntax error with the file name', () => {
    const problems: SeedProblem[] = [];
    expect(parseClaimsText('x.yaml', 'doc: [unclosed\n', problems)).toBeUndefined();
    expect(problems[0]).toMatchObject({ file: 'claims/x.yaml', message: expect.stringMatching(/^YAML: /) });
  });
});

describe('claims checks catch planted problems', () => {
  it('every rule passes on the real checklist, and each has a unique name', () => {
    for (const rule of CLAIMS_RULES) expect(rule.check(realClaims(), seeds), rule.name).toEqual([]);
    expect(new Set(CLAIMS_RULES.map((r) => r.name)).size).toBe(CLAIMS_RULES.length);
  });

  describe('claims-scope-matches', () => {
    /** Problems of the rule about one record, as [path, message]. */
    const about = (claims: ClaimsSet, s: ReturnType<typeof cloneSeeds>, slug: string) =>
      claimsScopeMatches
        .check(claims, s)
        .filter((p) => p.record === slug)
        .map((p) => [p.path, p.message]);

    it('WIDENED: a record that drops a restriction its claims state (one ENI per node is an EKS fact)', () => {
      const s = cloneSeeds();
      record(s.limitations, 'eks-single-eni').appliesTo = {};
      const problems = claimsScopeMatches.check(realClaims(), s).filter((p) => p.record === 'eks-single-eni');
      expect(located(problems)).toEqual([{ file: 'limitations.yaml', record: 'eks-single-eni', path: 'appliesTo', rule: 'claims-scope-matches' }]);
      expect(problems[0]?.message).toBe(
        'WIDENED: limitations/eks-single-eni does not restrict environments, but its claims one-eni-per-windows-node ' +
          '(eks-best-practices-windows-networking), pods-depend-on-size-and-addresses (eks-best-practices-windows-networking) limit it to [eks]',
      );
    });

    it('WIDENED: a record whose region reaches past the union of its claims (a list, and a build range)', () => {
      const s = cloneSeeds();
      record(s.limitations, 'eks-single-eni').appliesTo = { environments: ['eks', 'aks'] };
      // The Server 2022 NodePort issue, stretched to every build from 20348 on.
      record(s.limitations, 'ws2022-nodeport-on-overlay').appliesTo.windowsBuilds = { from: '20348' };
      expect(about(realClaims(), s, 'eks-single-eni')).toEqual([
        ['appliesTo.environments', expect.stringMatching(/restricts environments to \[eks, aks\], but .* limit it to \[eks\]$/)],
      ]);
      expect(about(realClaims(), s, 'ws2022-nodeport-on-overlay')).toEqual([
        [
          'appliesTo.windowsBuilds',
          expect.stringMatching(
            /^WIDENED: .* restricts windowsBuilds to \{from: 20348\}, but its claims ws2022-nodeport-overlay-known-issue .* limit it to \{from: 20348, before: 20349\}$/,
          ),
        ],
      ]);
    });

    it('NARROWED: a record that restricts what its claims state without restriction, unless scopeSources cites a source for it', () => {
      const s = cloneSeeds();
      const hostNetwork = record(s.limitations, 'host-network-mode');
      hostNetwork.appliesTo = { environments: ['eks'] };
      const problems = claimsScopeMatches.check(realClaims(), s).filter((p) => p.record === 'host-network-mode');
      expect(located(problems)).toEqual([
        { file: 'limitations.yaml', record: 'host-network-mode', path: 'appliesTo.environments', rule: 'claims-scope-matches' },
      ]);
      expect(problems[0]?.message).toBe(
        'NARROWED: limitations/host-network-mode restricts environments to [eks], but claim no-host-networking (k8s-windows-networking-uk) ' +
          'does not restrict environments; claim no-host-networking (k8s-windows-networking-zh) does not restrict environments. ' +
          'Widen the record, or cite the source that narrows it under scopeSources.environments',
      );
      hostNetwork.scopeSources = { environments: [{ doc: 'eks-user-guide-windows', section: 'windows-support.adoc' }] };
      expect(about(realClaims(), s, 'host-network-mode')).toEqual([]);
    });

    it('NARROWED: a claim naming several records is covered by them together, and each record answers for what it leaves out', () => {
      const s = cloneSeeds();
      // The KB5005619 issue, moved to a later update than the page names.
      record(s.limitations, 'ws2022-l2bridge-pod-to-pod-kb5005619').appliesTo.windowsBuilds = { from: '20348.300', before: '20349' };
      const problems = about(realClaims(), s, 'ws2022-l2bridge-pod-to-pod-kb5005619');
      expect(problems).toHaveLength(1);
      // The claims shared with the NodePort record are covered by it; the KB claims are not.
      expect(problems[0]![1]).toMatch(
        /claim ws2022-l2bridge-kb5005619-known-issue .* states it for \{from: 20348.261, before: 20349\}; claim ws2022-l2bridge-disable-windsr/,
      );
      expect(problems[0]![1]).not.toMatch(/ws2022-issues-need-os-fixes/);
    });

    it('reports a claim scope that names an unknown release, environment, plugin or mode', () => {
      const claims = cloneClaims();
      const claim = fileOf(claims, 'eks-best-practices-windows-networking').sections['IP address management']![1]!;
      claim.scope = { environments: ['eks', 'ekss'], releases: ['windows-server-2099'] };
      expect(claimsScopeMatches.check(claims, seeds).filter((p) => p.file.startsWith('claims/'))).toEqual([
        {
          file: 'claims/eks-best-practices-windows-networking.yaml',
          record: 'one-eni-per-windows-node',
          path: 'sections.IP address management.1.scope.releases.0',
          message: '"windows-server-2099" is not in windows-versions.yaml',
          rule: 'claims-scope-matches',
        },
        {
          file: 'claims/eks-best-practices-windows-networking.yaml',
          record: 'one-eni-per-windows-node',
          path: 'sections.IP address management.1.scope.environments.1',
          message: '"ekss" is not in environments.yaml',
          rule: 'claims-scope-matches',
        },
      ]);
    });

    describe('every dimension, on one planted claim and record', () => {
      /** A checklist with one claim naming limitations/host-network-mode, whose appliesTo the case sets. */
      function planted(scope: Claim['scope'], appliesTo: object, requires?: object, file: 'limitations' | 'featureDefaults' = 'limitations') {
        const s = cloneSeeds();
        let ref = 'limitations/host-network-mode';
        if (file === 'limitations') {
          const r = record(s.limitations, 'host-network-mode');
          r.appliesTo = appliesTo;
          if (requires) r.requires = requires;
        } else {
          ref = 'feature-defaults/eks-sac-amis-dsr-on';
          record(s.featureDefaults, 'eks-sac-amis-dsr-on').appliesTo = appliesTo as never;
        }
        const claims: ClaimsSet = new Map([
          [
            'planted.yaml',
            {
              doc: 'k8s-windows-networking-uk',
              sections: { limitations: [{ id: 'planted', claim: 'A planted claim.', records: [ref], scope }] },
              unsectioned: [],
            },
          ],
        ]);
        return claimsScopeMatches.check(claims, s).map((p) => `${p.path}: ${p.message.split(':')[0]}`);
      }

      it.each([
        ['kubernetes, equal', { kubernetes: { min: '1.20', max: '1.30' } }, { kubernetes: { min: '1.20', max: '1.30' } }, []],
        ['kubernetes, open above', { kubernetes: { min: '1.20', max: '1.30' } }, { kubernetes: { min: '1.20' } }, ['appliesTo.kubernetes: WIDENED']],
        ['kubernetes, 1.9 to 1.99 (minors compare as numbers)', { kubernetes: { min: '1.9', max: '1.99' } }, { kubernetes: { min: '1.9', max: '1.99' } }, []],
        ['kubernetes, 1.9 is below 1.10', { kubernetes: { min: '1.10' } }, { kubernetes: { min: '1.9' } }, ['appliesTo.kubernetes: WIDENED']],
        [
          'kubernetes, one minor less',
          { kubernetes: { min: '1.20', max: '1.30' } },
          { kubernetes: { min: '1.20', max: '1.29' } },
          ['appliesTo.kubernetes: NARROWED'],
        ],
        ['dates, a month is its first day', { dates: { from: '2023-12' } }, { dates: { from: '2023-12-01' } }, []],
        ['dates, from a month later', { dates: { from: '2023-12' } }, { dates: { from: '2024-01' } }, ['appliesTo.dates: NARROWED']],
        ['dates, from a month earlier', { dates: { from: '2023-12' } }, { dates: { from: '2023-11' } }, ['appliesTo.dates: WIDENED']],
        ['dates, left open', { dates: { from: '2023-12' } }, {}, ['appliesTo: WIDENED']],
        ['plugin versions, v0.12 is 0.12.0', { pluginVersions: { from: '0.12.0' } }, { pluginVersions: { from: 'v0.12' } }, []],
        ['plugin versions, later', { pluginVersions: { from: '0.12.0' } }, { pluginVersions: { from: '0.13.0' } }, ['appliesTo.pluginVersions: NARROWED']],
        ['releases as builds, equal', { releases: ['windows-server-2019'] }, { windowsBuilds: { from: '17763', before: '17764' } }, []],
        [
          'releases as builds, an update within',
          { releases: ['windows-server-2019'] },
          { windowsBuilds: { from: '17763', before: '17763.379' } },
          ['appliesTo.windowsBuilds: NARROWED'],
        ],
        [
          'two releases, the range between them',
          { releases: ['windows-server-2019', 'windows-server-2022'] },
          { windowsBuilds: { from: '17763', before: '20349' } },
          ['appliesTo.windowsBuilds: WIDENED'],
        ],
        [
          'two releases, only one of them',
          { releases: ['windows-server-2019', 'windows-server-2022'] },
          { windowsBuilds: { from: '20348', before: '20349' } },
          ['appliesTo.windowsBuilds: NARROWED'],
        ],
        [
          'release and builds together',
          { releases: ['windows-server-2022'], windowsBuilds: { from: '20348.261' } },
          { windowsBuilds: { from: '20348.261', before: '20349' } },
          [],
        ],
        ['channels, one more', { channels: ['SAC'] }, { channels: ['SAC', 'LTSC'] }, ['appliesTo.channels: WIDENED']],
        ['lists compare as sets', { plugins: ['win-bridge', 'win-overlay'] }, { plugins: ['win-overlay', 'win-bridge'] }, []],
        [
          'modes, narrowed and widened at once',
          { modes: ['overlay', 'l2bridge'] },
          { modes: ['overlay', 'transparent'] },
          ['appliesTo.modes: WIDENED', 'appliesTo.modes: NARROWED'],
        ],
      ] as const)('%s', (_, scope, appliesTo, expected) => {
        expect(planted(scope as Claim['scope'], appliesTo)).toEqual(expected);
      });

      it('a limitation restricted through requires holds where requires says (L2tunnel only on Azure)', () => {
        const scope = { platforms: ['azure' as const], modes: ['l2tunnel'] };
        expect(planted(scope, { modes: ['l2tunnel'] }, { platforms: ['azure'] })).toEqual([]);
        expect(planted(scope, { modes: ['l2tunnel'] })).toEqual(['appliesTo: WIDENED']);
        expect(planted(scope, { modes: ['l2tunnel'] }, { platforms: ['azure', 'aws'] })).toEqual(['requires.platforms: WIDENED']);
        // appliesTo gives the region when both give the dimension; requires carves exceptions out of it.
        expect(
          planted({ releases: ['windows-server-2019'] }, { windowsBuilds: { from: '17763', before: '17764' } }, { windowsBuilds: { from: '17763.379' } }),
        ).toEqual([]);
      });

      it('feature defaults are checked on their appliesTo', () => {
        expect(planted({ environments: ['eks'], channels: ['SAC'] }, { environments: ['eks'], channels: ['SAC'] }, undefined, 'featureDefaults')).toEqual([]);
        expect(planted({ environments: ['eks'] }, { environments: ['eks'], channels: ['SAC'] }, undefined, 'featureDefaults')).toEqual([
          'appliesTo.channels: NARROWED',
        ]);
        expect(planted({ environments: ['eks'], channels: ['SAC'] }, { environments: ['eks', 'aks'] }, undefined, 'featureDefaults')).toEqual([
          'appliesTo: WIDENED',
          'appliesTo.environments: WIDENED',
        ]);
      });
    });
  });

  describe('claims-references-resolve (dangling references)', () => {
    it('reports a reference to a record that does not exist', () => {
      const claims = cloneClaims();
      fileOf(claims, 'k8s-windows-networking-uk').sections.limitations![0]!.records = ['limitations/host-network-mod'];
      const problems = claimsReferencesResolve.check(claims, seeds);
      expect(located(problems)).toEqual([
        {
          file: 'claims/k8s-windows-networking-uk.yaml',
          record: 'no-host-networking',
          path: 'sections.limitations.0.records.0',
          rule: 'claims-references-resolve',
        },
      ]);
      expect(problems[0]?.message).toBe('"host-network-mod" is not in limitations.yaml');
      // The whole check fails too (with this one problem more than on the real checklist), and the claim counts as not covered.
      const before = new Set(checkClaims(realClaims(), seeds).map((p) => JSON.stringify(p)));
      expect(
        checkClaims(claims, seeds)
          .filter((p) => !before.has(JSON.stringify(p)))
          .map((p) => p.rule),
      ).toEqual(['claims-references-resolve']);
      const all = coverage(claims, seeds).flatMap((d) => d.sections.flatMap((s) => s.claims));
      expect(totals(all).notCovered).toBe(1);
      expect(all.find((c) => c.id === 'no-host-networking' && c.status === 'not-covered')?.reason).toMatch(/host-network-mod/);
    });

    it('reports a reference into a file that is not a seed file', () => {
      const claims = cloneClaims();
      fileOf(claims, 'eks-best-practices-windows-networking').sections['Network policy']![0]!.records = ['glossaries/network-policy'];
      const problems = claimsReferencesResolve.check(claims, seeds);
      expect(located(problems)).toEqual([
        {
          file: 'claims/eks-best-practices-windows-networking.yaml',
          record: 'policies-best-practice',
          path: 'sections.Network policy.0.records.0',
          rule: 'claims-references-resolve',
        },
      ]);
      expect(problems[0]?.message).toMatch(/^"glossaries" is not a seed file/);
    });

    it('reports a reference to sources.yaml, which holds documents, not facts', () => {
      const claims = cloneClaims();
      fileOf(claims, 'aks-arc-container-networking').sections['Kubernetes networks']![0]!.records = ['sources/aks-arc-container-networking'];
      expect(claimsReferencesResolve.check(claims, seeds).map((p) => p.record)).toEqual(['two-network-models']);
    });

    it('reports a dangling reference in a claim outside the sections', () => {
      const claims = cloneClaims();
      fileOf(claims, 'k8s-windows-networking-zh').unsectioned[0]!.records = ['limitations/mixed-cluster'];
      expect(located(claimsReferencesResolve.check(claims, seeds))).toEqual([
        {
          file: 'claims/k8s-windows-networking-zh.yaml',
          record: 'linux-and-windows-nodes-in-one-cluster',
          path: 'unsectioned.0.records.0',
          rule: 'claims-references-resolve',
        },
      ]);
    });
  });

  describe('claims-cite-section', () => {
    it('reports a record that exists but does not cite the section the claim is listed under', () => {
      const claims = cloneClaims();
      // host-network-mode cites the uk page's limitations, not its networking section.
      fileOf(claims, 'k8s-windows-networking-uk').sections.networking![0]!.records = ['glossary/cni', 'limitations/host-network-mode'];
      const problems = claimsCiteSection.check(claims, seeds);
      expect(located(problems)).toEqual([
        {
          file: 'claims/k8s-windows-networking-uk.yaml',
          record: 'networking-through-cni-plugins',
          path: 'sections.networking.0.records.1',
          rule: 'claims-cite-section',
        },
      ]);
      expect(problems[0]?.message).toBe('limitations/host-network-mode does not cite {doc: k8s-windows-networking-uk, section: networking}');
    });

    it('tells the two revisions apart: a record citing only the uk page does not carry a zh claim', () => {
      const claims = cloneClaims();
      // pqdn glossary cites both; backends-per-service-1024 cites neither Kubernetes seed revision.
      fileOf(claims, 'k8s-windows-networking-zh').sections.limitations![2]!.records = ['limitations/backends-per-service-1024'];
      expect(claimsCiteSection.check(claims, seeds).map((p) => [p.record, p.path])).toEqual([['max-64-backends', 'sections.limitations.2.records.0']]);
    });

    it('checks claims outside the sections against their citedAs section', () => {
      const claims = cloneClaims();
      fileOf(claims, 'aks-arc-container-networking').unsectioned.find((u) => u.id === 'ingress-for-ssl-tls-and-routing')!.citedAs = 'Compare network models';
      expect(claimsCiteSection.check(claims, seeds).map((p) => p.record)).toEqual(['ingress-for-ssl-tls-and-routing']);
    });
  });

  describe('claims-sections', () => {
    it('reports a registered section that has no claims', () => {
      const claims = cloneClaims();
      delete fileOf(claims, 'k8s-windows-networking-uk').sections.dsr;
      const problems = claimsSections.check(claims, seeds);
      expect(located(problems)).toEqual([{ file: 'claims/k8s-windows-networking-uk.yaml', path: 'sections', rule: 'claims-sections' }]);
      expect(problems[0]?.message).toBe('section "dsr" of "k8s-windows-networking-uk" has no claims');
    });

    it('reports a section the document does not register (the uk page spells it network-modes)', () => {
      const claims = cloneClaims();
      const uk = fileOf(claims, 'k8s-windows-networking-uk');
      uk.sections = Object.fromEntries(Object.entries(uk.sections).map(([k, v]) => [k === 'network-modes' ? 'network-mode' : k, v]));
      expect(claimsSections.check(claims, seeds).map((p) => [p.path, p.message])).toEqual([
        ['sections.network-mode', expect.stringMatching(/has no section "network-mode"/)],
        ['sections', 'section "network-modes" of "k8s-windows-networking-uk" has no claims'],
      ]);
    });

    it('reports a citedAs that is not a registered section', () => {
      const claims = cloneClaims();
      fileOf(claims, 'aks-arc-container-networking').unsectioned.find((u) => u.citedAs)!.citedAs = 'Introduction';
      expect(located(claimsSections.check(claims, seeds))).toEqual([
        {
          file: 'claims/aks-arc-container-networking.yaml',
          record: 'services-connect-and-expose-apps',
          path: 'unsectioned.2.citedAs',
          rule: 'claims-sections',
        },
      ]);
    });
  });

  describe('claims-documents', () => {
    it('reports a seed document without a checklist', () => {
      const claims = cloneClaims();
      claims.delete('eks-best-practices-windows-networking.yaml');
      expect(located(claimsDocuments.check(claims, seeds))).toEqual([{ file: 'claims/eks-best-practices-windows-networking.yaml', rule: 'claims-documents' }]);
    });

    it('reports a checklist for a research source, or one named after another document', () => {
      const claims = cloneClaims();
      const uk = fileOf(claims, 'k8s-windows-networking-uk');
      claims.set('kep-5100.yaml', { ...uk, doc: 'kep-5100' });
      claims.set('typo.yaml', { ...uk });
      expect(claimsDocuments.check(claims, seeds).map((p) => [p.file, p.message])).toEqual([
        ['claims/kep-5100.yaml', '"kep-5100" is a research source, not a seed document'],
        ['claims/typo.yaml', 'the file for "k8s-windows-networking-uk" must be named k8s-windows-networking-uk.yaml'],
      ]);
    });
  });

  describe('claims-unique-ids', () => {
    it('reports an id used twice in one document', () => {
      const claims = cloneClaims();
      const ipam = fileOf(claims, 'k8s-windows-networking-zh').sections.ipam!;
      ipam[1]!.id = ipam[0]!.id;
      expect(located(claimsUniqueIds.check(claims, seeds))).toEqual([
        { file: 'claims/k8s-windows-networking-zh.yaml', record: 'ipam-host-local', path: 'sections.ipam.1', rule: 'claims-unique-ids' },
      ]);
    });
  });
});

describe('reading the directory and the coverage script', () => {
  const dirs: string[] = [];
  const copyOfSeeds = () => {
    const dir = mkdtempSync(join(tmpdir(), 'winnet-kb-claims-'));
    dirs.push(dir);
    cpSync(REAL_SEEDS_DIR, dir, { recursive: true });
    return dir;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const runCoverage = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', join('tools', 'seeds-coverage.ts'), ...args], { cwd: PROJECT_ROOT, encoding: 'utf8' });

  it('a missing claims directory is a problem, not an empty checklist', () => {
    const dir = copyOfSeeds();
    rmSync(join(dir, 'claims'), { recursive: true });
    expect(readClaims(dir).problems).toEqual([{ file: 'claims', message: 'directory is missing' }]);
  });

  it('npm run seeds:coverage prints every section of every document with totals, and exits 0', () => {
    const r = runCoverage();
    expect(r.status, r.stderr).toBe(0);
    for (const doc of SEED_DOCUMENTS) {
      expect(r.stdout).toContain(doc);
      for (const section of seeds.sources.get(doc)!.sections) expect(r.stdout).toMatch(new RegExp(`^  ${section.replace(/[()]/g, '\\$&')} +\\d+`, 'm'));
    }
    const t = totals(coverage(realClaims(), seeds).flatMap((d) => d.sections.flatMap((s) => s.claims)));
    expect(r.stdout).toContain(`all documents: ${t.claims} claims, ${t.covered} covered, ${t.outOfScope} out of scope, 0 not covered`);
  });

  it('with a dangling reference it names the claim, reports the problem, and exits 1', () => {
    const dir = copyOfSeeds();
    const file = join(dir, 'claims', 'k8s-windows-networking-uk.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('records: [limitations/host-network-mode]', 'records: [limitations/host-networking]'));
    const r = runCoverage(dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/NOT COVERED +no-host-networking/);
    expect(r.stdout).toMatch(/1 not covered/);
    expect(r.stderr).toContain(
      'claims/k8s-windows-networking-uk.yaml > no-host-networking > sections.limitations.0.records.0: "host-networking" is not in limitations.yaml [claims-references-resolve]',
    );
  });
});
