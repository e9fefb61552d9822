/** docs/cli.md's list of what the scan reads is generated from the data (tools/scan-signals-doc.ts): it must be current. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI_DOC_PATH, signalsSection, withSignalsSection } from '../../tools/scan-signals-doc.js';

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
});
