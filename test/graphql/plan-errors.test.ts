/**
 * A refused plan as the API returns it: BAD_USER_INPUT with the first problem's message, field,
 * validChoices and suggestions as before, and extensions.problems listing every refused field
 * (src/graphql/errors.ts asUserInputError), for compatibility and for scan's plan alike.
 */
import { describe, expect, it } from 'vitest';
import { inProcessApi } from '../support/in-process-api.js';

const run = inProcessApi();

const COMPATIBILITY = 'query ($input: CompatibilityInput!) { compatibility(input: $input) { verdict } }';
const SCAN = 'query ($input: ScanInput!) { scan(input: $input) { verdict } }';

describe('a refused plan lists every problem in extensions.problems', () => {
  const input = { windowsVersion: 'windows-server-2012', cniPlugin: 'weave', instanceType: 'm5.larg', asOf: '2026-02-30' };

  it('compatibility: the first problem as before, and all of them, each with its field under input', async () => {
    const result = await run(COMPATIBILITY, { input });
    expect(result.data).toBeNull();
    const error = result.errors![0]!;
    const ext = error.extensions as Record<string, unknown> & {
      problems: { field: string; reason: string; message: string; validChoices?: string[]; suggestions?: string[] }[];
    };
    expect(ext).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.windowsVersion', validChoices: expect.arrayContaining(['windows-server-2022']) });
    // The nearest known slug, then every valid choice (src/domain/closest.ts, as podCapacity's closest instance types).
    expect(ext.suggestions).toEqual(['windows-server-2016']);
    expect(error.message).toMatch(/^unknown Windows version "windows-server-2012"\. Closest known: windows-server-2016\. Valid choices: /);
    expect(ext.problems.map((p) => p.field)).toEqual(['input.windowsVersion', 'input.cniPlugin', 'input.asOf', 'input.instanceType']);
    expect(ext.problems[0]).toEqual({
      field: ext.field,
      reason: 'unknown Windows version "windows-server-2012"',
      message: error.message,
      validChoices: ext.validChoices,
      suggestions: ['windows-server-2016'],
    });
    expect(ext.problems[1]).toMatchObject({
      reason: 'unknown CNI plugin "weave"',
      validChoices: expect.arrayContaining(['flannel']),
      suggestions: ['nat'],
    });
    expect(ext.problems[2]).toEqual({
      field: 'input.asOf',
      reason: 'asOf must be a date as YYYY-MM-DD, got "2026-02-30"',
      message: 'asOf must be a date as YYYY-MM-DD, got "2026-02-30"',
    });
    expect(ext.problems[3]).toMatchObject({ suggestions: expect.arrayContaining(['m5.large']) });
    expect(ext.problems[3]).not.toHaveProperty('validChoices');
  });

  it("a single problem keeps today's extensions, with problems holding just it; suggestions stay at the top for an instance type", async () => {
    const result = await run(COMPATIBILITY, { input: { windowsVersion: 'windows-server-2022', instanceType: 'm5.larg' } });
    const ext = result.errors![0]!.extensions as Record<string, unknown>;
    expect(ext).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.instanceType', suggestions: expect.arrayContaining(['m5.large']) });
    expect(ext.problems).toEqual([
      { field: 'input.instanceType', reason: 'unknown EC2 instance type "m5.larg"', message: result.errors![0]!.message, suggestions: ext.suggestions },
    ]);
  });

  it("scan: the plan's problems are named under input.plan", async () => {
    const result = await run(SCAN, {
      input: { documents: 'kind: Namespace\napiVersion: v1\nmetadata: {name: a}\n', plan: { ...input, windowsVersion: 'windows-server-2022' } },
    });
    const ext = result.errors![0]!.extensions as { field: string; problems: { field: string }[] };
    expect(ext.field).toBe('input.plan.cniPlugin');
    expect(ext.problems.map((p) => p.field)).toEqual(['input.plan.cniPlugin', 'input.plan.asOf', 'input.plan.instanceType']);
  });

  it('windowsVersion may be left out (relaxing a required input is additive): the release is open, and what holds on only some releases is MAY_APPLY on windowsVersion', async () => {
    const query = 'query ($input: CompatibilityInput!) { compatibility(input: $input) { verdict findings { code applicability dependsOn } } }';
    const result = await run(query, { input: { cniPlugin: 'win-bridge', environment: 'self-managed', kubernetesVersion: '1.33' } });
    expect(result.errors).toBeUndefined();
    const findings = (result.data as { compatibility: { findings: { code: string; applicability: string; dependsOn: string[] }[] } }).compatibility.findings;
    // Kubernetes lists Windows Server 2025 as a node OS only from 1.35 (k8s-website-windows-2025): on 1.33 that holds for one candidate release.
    expect(findings).toContainEqual({ code: 'NODE_OS_UNSUPPORTED', applicability: 'MAY_APPLY', dependsOn: ['windowsVersion'] });
  });
});
