/** docs/cli.md's list of what the scan reads is generated from the data (tools/scan-signals-doc.ts): it must be current. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI_DOC_PATH, signalsSection, withSignalsSection } from '../../tools/scan-signals-doc.js';
import { READ_KINDS } from '../../src/domain/scan/read-kinds.js';
import { readSeeds } from '../../src/seeds/read.js';
import { SEEDS_DIR } from '../../src/db/paths.js';
import { runCli } from '../cli/cli-helpers.js';

describe('docs/cli.md: what the scan reads', () => {
  const doc = readFileSync(CLI_DOC_PATH, 'utf8');

  it('is what the seeds and the readers give (on a change: npm run docs:scan)', () => {
    expect(doc).toBe(withSignalsSection(doc));
  });

  it('lists every place of manifest-signals.yaml, with its record and sources', () => {
    const section = signalsSection();
    expect(section).toMatch(
      /\| container env `CALICO_NETWORKING_BACKEND` \| .*value read as plugin-backend.* \| `calico-networking-backend` \| calico-windows-packaging: node-service\.ps1/,
    );
    expect(section).toMatch(/\| image `windows\/servercore` \| .*`ltsc2019` windows-server-2019/);
    expect(section).toMatch(/\| field `spec\.amiFamily` of EC2NodeClass \|/);
    expect(section).toMatch(/\| NodePool \(Karpenter\)/);
  });

  it('READ_KINDS names every object kind of a FIELD place, and scan --help lists READ_KINDS', async () => {
    const { seeds } = readSeeds(SEEDS_DIR);
    const fieldKinds = [...seeds.manifestSignals.values()].flatMap((s) => s.where.flatMap((w) => (w.kind === 'FIELD' ? (w.objectKinds ?? []) : [])));
    const named = READ_KINDS.map((k) => k.kinds).join('; ');
    for (const kind of fieldKinds) expect(named, kind).toMatch(new RegExp(`\\b${kind}\\b`));
    const help = (await runCli(['scan', '--help'])).stdout.replace(/\s+/g, ' ');
    for (const { kinds } of READ_KINDS) expect(help).toContain(kinds);
  });
});
