/**
 * Issue 23, CLI side: input size caps, pipes that never send, YAML aliases and bombs, and
 * terminal escapes in what is printed from input. The FIFO case runs the real entry as a child
 * process (a FIFO that never opens holds a thread of the process); the others run main() in-process.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeControls } from '../../src/cli/safe-output.js';
import { runCli, runCliProcess } from './cli-helpers.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'winnet-kb-input-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const BOMB = `a: &a [${'x,'.repeat(9)}x]\nb: &b [${'*a,'.repeat(9)}*a]\nc: &c [${'*b,'.repeat(9)}*b]\nd: [${'*c,'.repeat(9)}*c]\n`;
/** A stack trace line, which a usage error must never show. */
const STACK = /\n\s+at .+:\d+/;

describe('8. input size caps', () => {
  // It asserts no time (a loaded machine makes any bound flaky): a read past the cap would hang
  // until the test's timeout, which fails it.
  it('scan /dev/zero exits 1, naming the file', async () => {
    const { code, stderr } = await runCli(['scan', '/dev/zero']);
    expect(code).toBe(1);
    // Since issue 34 its first NUL byte stops it (hardening-round4.test.ts has an endless stream of text stopped by the cap).
    expect(stderr).toMatch(/\/dev\/zero: not a text file/);
  });

  it('a regular file over the cap is refused by its size, before it is read; the flag raises the cap', async () => {
    const big = join(dir, 'big.yaml');
    writeFileSync(big, 'kind: ConfigMap\n');
    truncateSync(big, 40 * 1024 * 1024); // sparse: 40 MiB of NUL after the first line
    const refused = await runCli(['scan', big]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${big}: more than 32 MiB, the cap per input file`);
    const small = file('small.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: x }\n');
    const lowered = await runCli(['scan', small, '--max-file-bytes', '10']);
    expect(lowered.code).toBe(1);
    expect(lowered.stderr).toContain(`${small}: more than 10 bytes, the cap per input file`);
    expect((await runCli(['scan', small, '--max-file-bytes', '1KiB'])).code).toBe(0);
  });

  it('the files together are capped too, and stdin and the plan file count', async () => {
    const a = file('a.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: a }\n');
    const b = file('b.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: b }\n');
    const { code, stderr } = await runCli(['scan', a, b, '--max-total-bytes', '80']);
    expect(code).toBe(1);
    expect(stderr).toContain(`${b}: the input files together are more than 80 bytes, the cap on all input`);
    const piped = await runCli(['scan', '-', '--max-file-bytes', '16'], { input: 'apiVersion: v1\nkind: ConfigMap\n' });
    expect(piped.code).toBe(1);
    expect(piped.stderr).toContain('<stdin>: more than 16 bytes');
    const plan = await runCli(['check', file('plan.yaml', 'windowsVersion: windows-server-2022\n'), '--max-file-bytes', '8']);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('plan.yaml: more than 8 bytes');
  });

  it('a FIFO named explicitly, with no writer, exits 1 after --read-timeout instead of hanging', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const { code, stderr } = await runCliProcess(['scan', fifo, '--read-timeout', '1']);
    expect(code).toBe(1);
    expect(stderr).toContain(`${fifo}: no data for 1 s`);
  });

  it('--help names the flags and their defaults', async () => {
    const { stdout } = await runCli(['scan', '--help']);
    expect(stdout).toMatch(/--max-file-bytes <size>[^]*default: 32\s+MiB/);
    expect(stdout).toMatch(/--max-total-bytes <size>[^]*default: 256\s+MiB/);
    expect(stdout).toMatch(/--read-timeout <seconds>/);
    expect((await runCli(['check', '--help'])).stdout).toMatch(/--max-file-bytes <size>/);
  });
});

describe('9. YAML aliases and bombs: the file, the line, the reason, exit 1', () => {
  it.each([
    ['check', 'undefined alias', 'windowsVersion: windows-server-2022\nfeatures: *nowhere\n', /:2:11: alias \*nowhere refers to no anchor set before it/],
    ['check', 'alias bomb', BOMB, /:4:\d+: aliases expand to more than 100 nodes/],
    ['scan', 'undefined alias', 'apiVersion: v1\nkind: ConfigMap\nmetadata: *nowhere\n', /:3:11: alias \*nowhere refers to no anchor set before it/],
    ['scan', 'alias bomb', `kind: ConfigMap\n${BOMB}`, /:5:\d+: aliases expand to more than 100 nodes/],
  ])('%s: %s', async (command, name, text, message) => {
    const path = file(`${command}-${name.replace(/ /g, '-')}.yaml`, text);
    const { code, stderr } = await runCli([command, path]);
    expect(code).toBe(1);
    expect(stderr).toContain(path);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/unexpected error|ReferenceError/);
    expect(stderr).not.toMatch(STACK);
  });
});

describe('10. control characters from input are printed escaped', () => {
  it('a plan value with ESC and BEL does not reach the terminal raw', async () => {
    const plan = file('escape.yaml', 'windowsVersion: "windows-server-2022\\e]0;pwned\\a"\n');
    const { code, stderr } = await runCli(['check', plan]);
    expect(code).toBe(1);
    expect(stderr).not.toContain('\u001b');
    expect(stderr).not.toContain('\u0007');
    expect(stderr).toContain('windows-server-2022\\u001b]0;pwned\\u0007');
  });

  it('nor does an object name in a scan report, nor a file name', async () => {
    const path = file('x\u001b[2Jy.yaml', 'apiVersion: v1\nkind: Service\nmetadata: { name: "svc\\e[31m\\u202e" }\nspec: { type: LoadBalancer }\n');
    const { stdout, stderr } = await runCli(['scan', path, '--plan', file('plan-ok.yaml', 'windowsVersion: windows-server-2019\n'), '--output', 'markdown']);
    expect(stdout + stderr).not.toContain('\u001b');
    expect(stdout + stderr).not.toContain('\u202e');
    expect(stdout).toContain('x\\u001b[2Jy.yaml');
  });

  it('escapeControls keeps tab and newline, escapes C0, DEL, C1 and bidirectional overrides', () => {
    expect(escapeControls('a\tb\nc\u0000\u001b\u007f\u009b\u202e')).toBe('a\tb\nc\\u0000\\u001b\\u007f\\u009b\\u202e');
  });
});
