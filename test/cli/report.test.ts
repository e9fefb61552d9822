/**
 * The one report model: `scan --output json` is the API's `scan` answer (same fields, same names,
 * same values), every output format prints check and scan alike, and refused input keeps its
 * fields to the user (every problem, nothing read back from a message).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema, getNamedType, isObjectType, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { CliError, formatError, InputRefusedError, problemsOf } from '../../src/cli/errors.js';
import { graphqlErrorToCli, localClient } from '../../src/cli/graphql-client.js';
import { judgeOffline } from '../../src/cli/check/command.js';
import type { Operation } from '../../src/cli/queries.js';
import { OUTPUT_FORMATS, PRINTERS } from '../../src/cli/report/printers.js';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { typeDefs } from '../../src/graphql/schema.js';
import { errorsOf, sarifValidator } from '../support/sarif.js';
import { testDatabasePath } from '../support/fixtures.js';
import { runCli, today } from './cli-helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const scratch = mkdtempSync(join(tmpdir(), 'winnet-kb-cli-report-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SCAN_QUERY: Operation<{ scan: { objects: { file: string }[] } }, object> = `query Scan($input: ScanInput!) {
  scan(input: $input) {
    verdict
    summary {
      objectsRead reported judged notJudged ignored ignoredReasons { reason count } distinctPlans
      grouping clusters { name files facts { field value from } conflicts }
    }
    objects {
      file kind apiVersion namespace name part line verdict
      findings { severity code message subject remediation sources { document { slug title url } section note } applicability dependsOn path line }
      missing
      facts { field value path line from detail }
      unknown { fact settledBy path field line }
      cluster planFindingsOn
    }
    datasetVersion
  }
}`;

const fixture = (path: string) => readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'scan', path), 'utf8');

describe('scan --output json is the API scan answer', () => {
  let api: Awaited<ReturnType<typeof localClient>>;
  beforeAll(async () => {
    // The API's own schema and resolvers, in-process, judging at the same date as the CLI.
    api = await localClient(testDatabasePath(), today());
  });
  afterAll(() => api.close());

  const cases: [name: string, file: string, plan: Record<string, unknown> | undefined][] = [
    [
      'real flannel host-gw manifests with a plan',
      'real/sig-windows-tools-flannel-host-gw.yml',
      { windowsVersion: 'windows-server-2019', kubernetesVersion: '1.31' },
    ],
    ['a constructed EKS dump without a plan', 'constructed/eks-cluster.json', undefined],
  ];
  it.each(cases)('%s: the same document, field for field', async (_, file, plan) => {
    const documents = fixture(file);
    const planPath = join(scratch, 'plan.json');
    if (plan) writeFileSync(planPath, JSON.stringify(plan));
    const cli = await runCli(['scan', '-', '--output', 'json', '--fail-on', 'none', ...(plan ? ['--plan', planPath] : [])], { input: documents });
    expect(cli.code, cli.stderr).toBe(0);
    const { scan } = await api.request(SCAN_QUERY, { input: { documents, ...(plan ? { plan } : {}) } });
    expect(scan.objects.length).toBeGreaterThan(0);
    // The one difference by design: where the objects were read (the API's input.documents, the
    // CLI's stdin), in each object's file, in the facts taken from another object, in where
    // a cluster plan's findings are and in the cluster's files.
    expect(scan.objects.every((o) => o.file === 'documents')).toBe(true);
    const asRead = JSON.stringify(scan)
      .replaceAll('"file":"documents"', '"file":"<stdin>"')
      .replaceAll('(documents:', '(<stdin>:')
      .replaceAll('"documents:', '"<stdin>:')
      .replaceAll('"files":["documents"]', '"files":["<stdin>"]');
    expect(JSON.parse(cli.stdout)).toEqual(JSON.parse(asRead));
  });

  it("has exactly the schema's fields at every level, and no others", async () => {
    const result = await runCli(['scan', 'test/fixtures/scan/constructed/eks-cluster.json', '--output', 'json', '--fail-on', 'none']);
    const json = JSON.parse(result.stdout) as Record<string, unknown>;
    const schema = buildSchema(typeDefs);
    const fieldsOf = (name: string) => Object.keys((schema.getType(name) as GraphQLObjectType).getFields()).sort();
    const check = (value: Record<string, unknown>, type: GraphQLObjectType) => {
      expect(Object.keys(value).sort(), type.name).toEqual(fieldsOf(type.name));
      for (const [key, field] of Object.entries(type.getFields())) {
        const inner = getNamedType(field.type);
        const v = value[key];
        if (!isObjectType(inner) || v === null || inner.name === 'SourceReference') continue;
        for (const item of Array.isArray(v) ? (v as Record<string, unknown>[]) : [v as Record<string, unknown>]) check(item, inner);
      }
    };
    check(json, schema.getType('ScanReport') as GraphQLObjectType);
  });
});

describe('the JSON printer', () => {
  it('writes a scan an object at a time, as the same text as JSON.stringify', () => {
    const finding = {
      severity: 'ERROR' as const,
      code: 'X',
      message: 'm\n"q"',
      subject: null,
      remediation: null,
      sources: [],
      applicability: 'APPLIES' as const,
      dependsOn: [],
      path: 'a.b',
      line: 3,
    };
    const object = {
      file: 'f.yaml',
      kind: 'Node',
      apiVersion: 'v1',
      namespace: null,
      name: 'n',
      part: null,
      line: 1,
      verdict: 'INCOMPATIBLE' as const,
      findings: [finding],
      missing: [],
      facts: [],
      unknown: [],
      cluster: 'the input',
      planFindingsOn: ['f.yaml:1 Node n'],
    };
    const summary = {
      objectsRead: 2,
      reported: 2,
      judged: 2,
      notJudged: 0,
      ignored: 0,
      ignoredReasons: [{ reason: 'r', count: 1 }],
      distinctPlans: 1,
      grouping: 'BY_CLUSTER_FACTS',
      clusters: [{ name: 'the input', files: ['f.yaml'], facts: [{ field: 'cniPlugin', value: 'calico', from: 'f.yaml:1 Node n' }], conflicts: [] }],
    };
    for (const objects of [[], [object], [object, { ...object, name: 'm', findings: [] }]]) {
      const scan = { verdict: objects.length ? ('INCOMPATIBLE' as const) : null, summary, objects, datasetVersion: 'v' };
      const chunks = [...PRINTERS.json.print({ kind: 'scan', scan }, { failOn: 'error', toolVersion: 't' })];
      expect(chunks.join('')).toBe(`${JSON.stringify(scan, null, 2)}\n`);
      expect(chunks.length).toBeGreaterThan(objects.length);
    }
  });
});

describe('every format prints check and scan alike', () => {
  it('the formats are the printer map, and both commands offer each', async () => {
    expect(OUTPUT_FORMATS).toEqual(Object.keys(PRINTERS));
    expect(OUTPUT_FORMATS).toEqual(['table', 'json', 'markdown', 'sarif', 'junit']);
    for (const command of ['check', 'scan']) {
      const help = await runCli([command, '--help']);
      expect(help.stdout.replace(/\s+/g, ' ')).toContain(`choices: ${OUTPUT_FORMATS.map((f) => `"${f}"`).join(', ')}`);
    }
  });

  it('check --output sarif: a valid SARIF log with the errors and warnings on the plan file', async () => {
    const result = await runCli(['check', 'examples/incompatible.yaml', '--output', 'sarif']);
    expect(result.code, result.stderr).toBe(3);
    const log = JSON.parse(result.stdout) as {
      runs: {
        tool: { driver: { version: string } };
        results: { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[];
      }[];
    };
    const validate = sarifValidator();
    expect(validate(log), errorsOf(validate)).toBe(true);
    const json = JSON.parse((await runCli(['check', 'examples/incompatible.yaml', '--output', 'json'])).stdout) as {
      findings: { severity: string; code: string }[];
    };
    const expected = json.findings.filter((f) => f.severity !== 'INFO');
    const results = log.runs[0]!.results;
    expect(results.map((r) => [r.level, r.ruleId])).toEqual(expected.map((f) => [f.severity === 'ERROR' ? 'error' : 'warning', f.code]));
    expect(new Set(results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri))).toEqual(new Set(['examples/incompatible.yaml']));
    const version = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(log.runs[0]!.tool.driver.version).toBe(version);
  });

  it('check --output junit: the plan is a test case, failed at the --fail-on level', async () => {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
    const incompatible = await runCli(['check', 'examples/incompatible.yaml', '--output', 'junit']);
    expect(incompatible.code).toBe(3);
    const failed = parser.parse(incompatible.stdout) as {
      testsuites: { name: string; failures: string; testsuite: { testcase: { failure?: { type: string } } } };
    };
    expect(failed.testsuites).toMatchObject({ name: 'winnet-kb check', failures: '1' });
    expect(failed.testsuites.testsuite.testcase.failure).toMatchObject({ type: 'INCOMPATIBLE' });
    const warnings = await runCli(['check', 'examples/warnings.yaml', '--output', 'junit']);
    expect(warnings.code).toBe(0);
    const passed = parser.parse(warnings.stdout) as { testsuites: { failures: string; testsuite: { testcase: { failure?: unknown } } } };
    expect(passed.testsuites.failures).toBe('0');
    expect(passed.testsuites.testsuite.testcase.failure).toBeUndefined();
    const strict = await runCli(['check', 'examples/warnings.yaml', '--output', 'junit', '--fail-on', 'warning']);
    expect(strict.code).toBe(2);
    expect(strict.stdout).toContain('<failure type="COMPATIBLE_WITH_WARNINGS"');
  });
});

describe('refused input keeps its fields', () => {
  it('offline, the domain refusal becomes the error with its field, choices and "did you mean"', () => {
    let caught: unknown;
    try {
      judgeOffline(
        { name: 'plan.yaml', input: { windowsVersion: 'windows-server-2022', features: ['client-ip-preservation', 'direct-sever-return'] } },
        testDatabasePath(),
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InputRefusedError);
    const refused = caught as InputRefusedError;
    expect(refused.problems).toHaveLength(1);
    expect(refused.problems[0]).toMatchObject({ field: 'features', value: 'direct-sever-return' });
    expect(refused.problems[0]!.validChoices).toContain('direct-server-return');
    expect(formatError(refused)).toMatch(
      /^winnet-kb: plan\.yaml: features: unknown feature "direct-sever-return"\n {2}valid choices for features: .*\n {2}did you mean: direct-server-return\?\n$/,
    );
  });

  it('every problem of a PlanError that lists them is printed at once', () => {
    const error = Object.assign(new Error('two problems'), {
      field: 'cniPlugin',
      reason: 'unknown CNI plugin "flanel"',
      validChoices: ['flannel', 'calico'],
      problems: [
        { field: 'cniPlugin', reason: 'unknown CNI plugin "flanel"', validChoices: ['flannel', 'calico'] },
        { field: 'instanceType', reason: 'unknown EC2 instance type "m5.larg"', suggestions: ['m5.large'] },
      ],
    });
    const text = formatError(new InputRefusedError(problemsOf(error), { cniPlugin: 'flanel', instanceType: 'm5.larg' }, 'plan.yaml'));
    expect(text).toBe(
      'winnet-kb: plan.yaml: cniPlugin: unknown CNI plugin "flanel"\n' +
        '  valid choices for cniPlugin: flannel, calico\n' +
        '  did you mean: flannel?\n' +
        '  instanceType: unknown EC2 instance type "m5.larg"\n' +
        '    closest known: m5.large\n',
    );
  });

  it("over --url, the API's extensions give the problems: reason, choices, every entry of problems", () => {
    // The message is not read: a reason and a value that differ from it are what is printed.
    const single = graphqlErrorToCli(
      [
        {
          message: 'something else entirely about "x". Valid choices: a, b',
          extensions: { code: 'BAD_USER_INPUT', field: 'input.features', reason: 'unknown feature "dsrr"', validChoices: ['direct-server-return', 'dsr'] },
        },
      ],
      'server',
      { windowsVersion: 'windows-server-2022', features: ['direct-server-return', 'dsrr'] },
    );
    expect(formatError(single)).toBe(
      'winnet-kb: features: unknown feature "dsrr"\n  valid choices for features: direct-server-return, dsr\n  did you mean: dsr?\n',
    );
    const many = graphqlErrorToCli(
      [
        {
          message: 'two problems',
          extensions: {
            code: 'BAD_USER_INPUT',
            field: 'input.cniPlugin',
            problems: [
              { field: 'input.cniPlugin', reason: 'unknown CNI plugin "flanel"', validChoices: ['flannel'] },
              { field: 'input.podsPerNode', reason: 'podsPerNode must be a whole number from 1 to 1000, got 0' },
            ],
          },
        },
      ],
      'server',
      { cniPlugin: 'flanel', podsPerNode: 0 },
    );
    expect(many).toBeInstanceOf(InputRefusedError);
    expect(formatError(many)).toBe(
      'winnet-kb: cniPlugin: unknown CNI plugin "flanel"\n' +
        '  valid choices for cniPlugin: flannel\n' +
        '  did you mean: flannel?\n' +
        '  podsPerNode: podsPerNode must be a whole number from 1 to 1000, got 0\n',
    );
    // An error that names no field is reported as the server's, with its code.
    const other = graphqlErrorToCli([{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }], 'server x');
    expect(other).toBeInstanceOf(CliError);
    expect(other).not.toBeInstanceOf(InputRefusedError);
    expect(other.message).toBe('server x: boom (INTERNAL_SERVER_ERROR)');
  });
});
