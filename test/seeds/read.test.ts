import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem, readSeeds, SeedError } from '../../src/seeds/read.js';
import { SEED_FILES, type SeedKey } from '../../src/seeds/schema.js';
import { REAL_SEEDS_DIR } from './support.js';

const dirs: string[] = [];
/** A scratch copy of the real seeds directory. */
function copyOfSeeds(): string {
  const dir = mkdtempSync(join(tmpdir(), 'winnet-kb-seeds-'));
  dirs.push(dir);
  cpSync(REAL_SEEDS_DIR, dir, { recursive: true });
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('readSeeds', () => {
  it('reads every real seed file without problems', () => {
    const { seeds, problems } = readSeeds(REAL_SEEDS_DIR);
    expect(problems).toEqual([]);
    for (const key of Object.keys(SEED_FILES) as SeedKey[]) expect(seeds[key].size, key).toBeGreaterThan(0);
  });

  it('reports a YAML syntax error with the file name, and keeps reading the other files', () => {
    const dir = copyOfSeeds();
    writeFileSync(join(dir, 'environments.yaml'), 'eks:\n  name: [unclosed\n');
    const { seeds, problems } = readSeeds(dir);
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) {
      expect(p.file).toBe('environments.yaml');
      expect(p.message).toMatch(/^YAML: /);
    }
    expect(seeds.environments.size).toBe(0);
    expect(seeds.features.size).toBeGreaterThan(0);
  });

  it('reports a duplicate slug key with the file name and the line', () => {
    const dir = copyOfSeeds();
    // A second "eks" record at the end of environments.yaml.
    appendFileSync(
      join(dir, 'environments.yaml'),
      '\neks:\n  name: Again\n  description: D\n  sources:\n    - {doc: eks-user-guide-windows, section: windows-support.adoc}\n',
    );
    const { problems } = readSeeds(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.file).toBe('environments.yaml');
    expect(problems[0]?.message).toMatch(/unique/);
    expect(problems[0]?.message).toMatch(/line \d+/);
  });

  it('reports a missing file as a problem, not as an empty set', () => {
    const dir = copyOfSeeds();
    rmSync(join(dir, 'glossary.yaml'));
    const { seeds, problems } = readSeeds(dir);
    expect(problems).toEqual([{ file: 'glossary.yaml', message: 'file is missing' }]);
    expect(seeds.glossary.size).toBe(0);
  });

  it('formats a problem as file > record > path: message [rule], and SeedError lists them all', () => {
    const p = { file: 'features.yaml', record: 'direct-server-return', path: 'minimumWindows.build', message: 'bad', rule: 'minimum-build-within-release' };
    expect(formatProblem(p)).toBe('  features.yaml > direct-server-return > minimumWindows.build: bad [minimum-build-within-release]');
    expect(formatProblem({ file: 'glossary.yaml', message: 'file is missing' })).toBe('  glossary.yaml: file is missing');
    const e = new SeedError([p, { file: 'glossary.yaml', message: 'file is missing' }]);
    expect(e.message).toContain('2 seed problem(s)');
    expect(e.message).toContain('glossary.yaml: file is missing');
    expect(e.problems).toHaveLength(2);
  });
});
