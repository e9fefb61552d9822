/**
 * Issue 34 ("Hardening, round 4"), CLI side: what a hostile probe found, each end to end on real
 * links, FIFOs and devices in a temporary directory. The numbers are the probe's.
 *
 * The tests run as whoever runs them; in CI that is root, for whom /dev/null is writable, so the
 * device case writes to a device node of its own (mknod) when it can, never to the machine's /dev/null.
 */
import { execFileSync, spawn } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { xmlEscape } from '../../src/cli/report/formats/junit.js';
import { markdownCode, markdownText } from '../../src/cli/report/markdown-text.js';
import { excerpt } from '../../src/cli/safe-output.js';
import { PROJECT_ROOT } from '../../src/db/paths.js';
import { ENTRY, runCli, runCliProcess, type RunOptions } from './cli-helpers.js';

vi.setConfig({ testTimeout: 60_000 });

const scratch = mkdtempSync(join(tmpdir(), 'winnet-kb-round4-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let dirs = 0;
/** A new directory of its own for one test. */
const newDir = () => {
  const dir = join(scratch, `t${++dirs}`);
  mkdirSync(dir);
  return dir;
};
const write = (path: string, text: string) => (writeFileSync(path, text), path);

const EKS = join(PROJECT_ROOT, 'test/fixtures/scan/constructed/eks-cluster.json');
const OK_PLAN = 'windowsVersion: windows-server-2019\n';
const SECRET = 'MY_CI_SECRET=round4-secret-value';
/** A stack trace line, which a usage error never shows. */
const STACK = /\n\s+at .+:\d+/;

/** The real entry as a child process from any working directory (tsx and the entry by absolute path). */
const runElsewhere = (args: readonly string[], options: RunOptions = {}) =>
  runCliProcess(args, { ...options, script: ['--import', import.meta.resolve('tsx'), join(PROJECT_ROOT, ENTRY)] });

/** A Service named by a YAML double-quoted scalar (`quoted`, its escapes included): with OK_PLAN it has a warning. */
const hostileService = (dir: string, fileName: string, quoted: string) =>
  write(join(dir, fileName), `apiVersion: v1\nkind: Service\nmetadata: { name: ${quoted} }\nspec: { type: LoadBalancer }\n`);

describe('1. a committed link does not print what it points to', () => {
  it('.winnet-kb-ignore linking to /proc/self/environ is refused before it is read, and no variable is printed', async () => {
    const dir = newDir();
    symlinkSync('/proc/self/environ', join(dir, '.winnet-kb-ignore'));
    const { code, stderr } = await runElsewhere(['scan', EKS, '--fail-on', 'none'], { cwd: dir, env: { MY_CI_SECRET: 'round4-secret-value' } });
    expect(code).toBe(1);
    expect(stderr).toContain('.winnet-kb-ignore resolves to /proc/');
    expect(stderr).toContain('outside the working directory; it is not read');
    expect(stderr).not.toContain('round4-secret-value');
    expect(stderr).not.toMatch(STACK);
  });

  it('so is one linking to a text file outside the working directory; a link inside it is read', async () => {
    const outside = write(join(newDir(), 'credentials'), `${SECRET}\n`);
    const dir = newDir();
    symlinkSync(outside, join(dir, '.winnet-kb-ignore'));
    const refused = await runCli(['scan', EKS, '--fail-on', 'none'], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('outside the working directory');
    expect(refused.stderr).not.toContain('round4-secret-value');

    const inside = newDir();
    mkdirSync(join(inside, 'config'));
    write(join(inside, 'config', 'accepted'), 'FEATURE_REQUIRES_NEWER_WINDOWS:session-affinity known, tracked elsewhere\n');
    symlinkSync('config/accepted', join(inside, '.winnet-kb-ignore'));
    const read = await runCli(['scan', EKS, '--fail-on', 'none', '-o', 'json'], { cwd: inside });
    expect(read.code, read.stderr).toBe(0);
    // Accepted (in the report) or accepting nothing (a note): either way the entry was read.
    expect(read.stdout + read.stderr).toContain('.winnet-kb-ignore:1');
  });

  it('a plan file linking to /proc/self/environ is "not a text file", with no excerpt', async () => {
    const dir = newDir();
    symlinkSync('/proc/self/environ', join(dir, 'plan.yaml'));
    const { code, stderr } = await runElsewhere(['check', 'plan.yaml'], { cwd: dir, env: { MY_CI_SECRET: 'round4-secret-value' } });
    expect(code).toBe(1);
    expect(stderr).toContain('cannot read plan file plan.yaml: not a text file (it holds a NUL byte)');
    expect(stderr).not.toContain('round4-secret-value');
    expect(stderr).not.toContain('SHELL=');
  });

  it('a plan or ignore file named inside the working directory but linking out of it: refused content is not quoted', async () => {
    const npmrc = write(join(newDir(), '.npmrc'), '//registry.npmjs.org/:_authToken=npm_round4secretvalue\n');
    const dir = newDir();
    mkdirSync(join(dir, 'deploy'));
    symlinkSync(npmrc, join(dir, 'deploy', 'plan.yaml'));
    symlinkSync(npmrc, join(dir, 'deploy', 'ignore'));
    const plan = await runCli(['check', 'deploy/plan.yaml'], { cwd: dir });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toBe(
      `winnet-kb: deploy/plan.yaml: not a valid plan file; it links to ${npmrc}, outside the working directory, so nothing of it is quoted\n`,
    );
    const ignore = await runCli(['scan', EKS, '--ignore-file', 'deploy/ignore'], { cwd: dir });
    expect(ignore.code).toBe(1);
    expect(ignore.stderr).toContain('deploy/ignore: not a valid ignore file; it links to');
    expect(plan.stderr + ignore.stderr).not.toContain('round4secret');
  });

  it('an error quotes at most a short excerpt of the offending line, control characters escaped', async () => {
    const dir = newDir();
    const long = `${SECRET}${'x'.repeat(400)}`;
    const ignore = await runCli(['scan', EKS, '--ignore-file', write(join(dir, 'ignore'), `${long} reason\n`)]);
    expect(ignore.code).toBe(1);
    expect(ignore.stderr).toContain(`ignore:1: unknown finding code "${long.slice(0, 60)}..."`);
    expect(ignore.stderr).not.toContain(long.slice(0, 61));
    const plan = await runCli(['check', write(join(dir, 'plan.yaml'), `"${long}\\e]0;x\\a"\n`)]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(`the plan must be a mapping of fields, got string "${long.slice(0, 60)}..."`);
    expect(plan.stderr).not.toContain(long.slice(0, 61));
    const key = await runCli(['check', write(join(dir, 'key.yaml'), `windowsVersion: windows-server-2022\n${long}: 1\n`)]);
    expect(key.code).toBe(1);
    expect(key.stderr).toContain(`unknown key "${long.slice(0, 60)}..."`);
    expect(key.stderr).not.toContain(long.slice(0, 61));
  });

  it('a scan parse error quotes a short excerpt of the reason, whose alias name comes from the input', async () => {
    const alias = 'S'.repeat(300);
    const path = write(join(newDir(), 'alias.yaml'), `apiVersion: v1\nkind: ConfigMap\nmetadata: *${alias}\n`);
    const { code, stderr } = await runCli(['scan', path]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/alias\.yaml:3:11: alias \*S+\.\.\. \(not valid YAML or JSON\)/);
    expect(stderr).not.toContain(alias.slice(0, 161));
  });

  it('excerpt: escapes, then cuts at 60 characters without splitting an escape', () => {
    expect(excerpt('short')).toBe('short');
    expect(excerpt('a\u0000b\u001b')).toBe('a\\u0000b\\u001b');
    expect(excerpt('y'.repeat(61))).toBe(`${'y'.repeat(60)}...`);
    expect(excerpt(`${'y'.repeat(58)}\u0000`)).toBe(`${'y'.repeat(58)}...`);
  });
});

describe('2. a directory scan follows links, as a scan by name does', () => {
  /** kind/namespace/name of each object a JSON scan report lists. */
  const objectsOf = (stdout: string) =>
    (JSON.parse(stdout) as { objects: { kind: string; namespace: string | null; name: string }[] }).objects.map((o) => `${o.kind}/${o.namespace}/${o.name}`);

  it('DIR/x.json -> ../app/incompatible.json fails the gate like the file named directly, with a note', async () => {
    const root = newDir();
    mkdirSync(join(root, 'app'));
    mkdirSync(join(root, 'DIR'));
    write(join(root, 'app', 'incompatible.json'), readFileSync(EKS, 'utf8'));
    symlinkSync('../app/incompatible.json', join(root, 'DIR', 'x.json'));
    const byName = await runCli(['scan', join(root, 'app', 'incompatible.json'), '-o', 'json']);
    const byDir = await runCli(['scan', `${join(root, 'DIR')}/`, '-o', 'json']);
    expect(byName.code).toBe(3);
    expect(byDir.code, byDir.stderr).toBe(3);
    expect(objectsOf(byDir.stdout)).toEqual(objectsOf(byName.stdout));
    expect(byDir.stderr).toMatch(/note: .*DIR\/x\.json links to .*app\/incompatible\.json, outside .*DIR\/; read through the link/);
  });

  it('a link loop ends, and a file reached twice (by a link, by a directory link, by name) is judged once', async () => {
    const root = newDir();
    write(join(root, 'cluster.json'), readFileSync(EKS, 'utf8'));
    symlinkSync('.', join(root, 'self'));
    mkdirSync(join(root, 'sub'));
    symlinkSync('..', join(root, 'sub', 'up'));
    symlinkSync('cluster.json', join(root, 'again.json'));
    const once = await runCli(['scan', join(root, 'cluster.json'), '-o', 'json']);
    const walked = await runCli(['scan', root, join(root, 'cluster.json'), '-o', 'json']);
    expect(walked.code, walked.stderr).toBe(3);
    expect(objectsOf(walked.stdout)).toEqual(objectsOf(once.stdout));
    expect(walked.stderr).toContain('is the same file as');
  });

  it('a link to nothing is named and skipped', async () => {
    const root = newDir();
    write(join(root, 'cluster.json'), readFileSync(EKS, 'utf8'));
    symlinkSync('missing.yaml', join(root, 'broken.yaml'));
    const { code, stderr } = await runCli(['scan', root, '--fail-on', 'none']);
    expect(code).toBe(0);
    expect(stderr).toContain('broken.yaml is a link to nothing; skipped');
  });
});

describe('6, 7, 14. --output-file', () => {
  it('6. writes through a link: the link stays, its target holds the report', async () => {
    const dir = newDir();
    const target = write(join(dir, 'target.json'), 'old');
    symlinkSync('target.json', join(dir, 'out.json'));
    const { code } = await runCli(['scan', EKS, '-o', 'json', '--fail-on', 'none', '--output-file', join(dir, 'out.json')]);
    expect(code).toBe(0);
    expect(lstatSync(join(dir, 'out.json')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(target, 'utf8'))).toHaveProperty('verdict', 'INCOMPATIBLE');
    expect(readdirSync(dir).sort()).toEqual(['out.json', 'target.json']);
  });

  it('6. writes through a FIFO to its reader, and the FIFO stays a FIFO', async () => {
    const dir = newDir();
    const fifo = join(dir, 'report.fifo');
    execFileSync('mkfifo', [fifo]);
    // The reader is a child process, so that a FIFO never opened for writing cannot hold this one.
    const reader = spawn('cat', [fifo]);
    let received = '';
    reader.stdout.setEncoding('utf8').on('data', (d: string) => (received += d));
    const done = new Promise((resolve) => reader.on('close', resolve));
    const { code, stderr } = await runCliProcess(['scan', EKS, '-o', 'json', '--fail-on', 'none', '--output-file', fifo]);
    expect(code, stderr).toBe(0);
    const timer = setTimeout(() => reader.kill(), 10_000);
    await done;
    clearTimeout(timer);
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(JSON.parse(received)).toHaveProperty('verdict', 'INCOMPATIBLE');
  });

  it('6. writes through a device and leaves it a device (root: a null device of its own; others: /dev/null)', async () => {
    let device = '/dev/null';
    if (process.getuid?.() === 0) {
      device = join(newDir(), 'null');
      execFileSync('mknod', [device, 'c', '1', '3']);
    }
    const { code, stderr } = await runCli(['scan', EKS, '--fail-on', 'none', '--output-file', device]);
    expect(code, stderr).toBe(0);
    expect(lstatSync(device).isCharacterDevice()).toBe(true);
  });

  it('7. never writes through a link planted at a temporary name', async () => {
    const dir = newDir();
    const victim = write(join(dir, 'victim'), 'precious');
    const target = join(dir, 'report.json');
    // The name the CLI used to write through, predictable from the process id (runCli runs in this process).
    symlinkSync(victim, `${target}.winnet-kb-${process.pid}.tmp`);
    const { code } = await runCli(['scan', EKS, '-o', 'json', '--fail-on', 'none', '--output-file', target]);
    expect(code).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(JSON.parse(readFileSync(target, 'utf8'))).toHaveProperty('verdict', 'INCOMPATIBLE');
    expect(lstatSync(target).isFile()).toBe(true);
    // Nothing is left beside it: the temporary file was renamed.
    expect(readdirSync(dir).sort()).toEqual(['report.json', `report.json.winnet-kb-${process.pid}.tmp`, 'victim']);
  });

  it('replaces a regular file whole, keeps its permission bits, and leaves it as it was after a usage error', async () => {
    const dir = newDir();
    const target = write(join(dir, 'report.txt'), 'before');
    execFileSync('chmod', ['640', target]);
    expect((await runCli(['check', write(join(dir, 'bad.yaml'), 'windowsVersion: nope\n'), '--output-file', target])).code).toBe(1);
    expect(readFileSync(target, 'utf8')).toBe('before');
    expect((await runCli(['scan', EKS, '--fail-on', 'none', '--output-file', target])).code).toBe(0);
    expect(readFileSync(target, 'utf8')).toMatch(/^Verdict: INCOMPATIBLE/);
    expect(statSync(target).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir).sort()).toEqual(['bad.yaml', 'report.txt']);
  });

  it('14. a directory is a one-line usage error, with or without the slash', async () => {
    const dir = newDir();
    for (const path of [`${dir}/`, dir]) {
      const { code, stderr } = await runCli(['scan', EKS, '--output-file', path]);
      expect(code).toBe(1);
      expect(stderr).toBe(`winnet-kb: --output-file ${path} is a directory; name a file (e.g. ${join(path, 'report.json')})\n`);
    }
    const missing = await runCli(['scan', EKS, '--output-file', join(dir, 'no', 'such', 'report.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^winnet-kb: cannot write --output-file .*: its directory does not exist\n$/);
  });
});

describe('10. --ignore-file is read under the input caps', () => {
  it('a FIFO with no writer ends after --read-timeout', async () => {
    const dir = newDir();
    const fifo = join(dir, 'ignore.fifo');
    execFileSync('mkfifo', [fifo]);
    const { code, stderr } = await runCliProcess(['scan', EKS, '--ignore-file', fifo, '--read-timeout', '1']);
    expect(code).toBe(1);
    expect(stderr).toContain(`${fifo}: no data for 1 s`);
  });

  it('a FIFO that never ends stops at --max-file-bytes', async () => {
    const dir = newDir();
    const fifo = join(dir, 'endless.fifo');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', `yes 'CAVEAT endless' > '${fifo}'`]);
    try {
      const { code, stderr } = await runCliProcess([
        'check',
        join(PROJECT_ROOT, 'examples/compatible.yaml'),
        '--ignore-file',
        fifo,
        '--max-file-bytes',
        '64KiB',
      ]);
      expect(code).toBe(1);
      expect(stderr).toContain(`${fifo}: more than 64 KiB, the cap per input file`);
    } finally {
      writer.kill();
    }
  });

  it('as is a scan input: an endless stream of text stops at --max-file-bytes', async () => {
    const fifo = join(newDir(), 'endless.yaml');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', `yes 'kind: ConfigMap' > '${fifo}'`]);
    try {
      const { code, stderr } = await runCliProcess(['scan', fifo, '--max-file-bytes', '1MiB']);
      expect(code).toBe(1);
      expect(stderr).toContain(`${fifo}: more than 1 MiB, the cap per input file`);
    } finally {
      writer.kill();
    }
  });

  it('/dev/zero is refused at once, not read to its end', async () => {
    const { code, stderr } = await runCli(['scan', EKS, '--ignore-file', '/dev/zero']);
    expect(code).toBe(1);
    expect(stderr).toBe('winnet-kb: cannot read the ignore file /dev/zero: not a text file (it holds a NUL byte)\n');
  });
});

describe('11. markdown renders nothing that came from input', () => {
  const NAME =
    '[x](https://evil.example) ![i](https://evil.example/p.png) @org/team cc @someone <img src=x> www.evil.example a@b.example #12 `a``b` | *b* ~s~ &#64;x';

  /** The cells of a GFM table row, split as GitHub splits them: a backslash and the next character are a pair. */
  const cellsOf = (row: string) => {
    const cells: string[] = [];
    let current = '';
    for (let i = 1; i < row.length; i++) {
      if (row[i] === '\\') current += row[i]! + (row[++i] ?? '');
      else if (row[i] === '|') {
        cells.push(current.trim());
        current = '';
      } else current += row[i];
    }
    return cells;
  };
  /** The characters that are markdown syntax in text: those not escaped by a backslash. */
  const unescaped = (text: string) => text.replace(/\\./g, '');

  it('a hostile object and file name: inert text and a code span its backticks cannot close', async () => {
    const dir = newDir();
    hostileService(dir, 'we`ird``x.yaml', JSON.stringify(NAME));
    const plan = write(join(dir, 'plan.txt'), OK_PLAN);
    const { code, stdout, stderr } = await runCli(['scan', dir, '--plan', plan, '-o', 'markdown']);
    expect(code, stderr).toBe(0);
    const row = stdout.split('\n').find((l) => l.startsWith('| ') && l.includes('Service'))!;
    const [where, object] = cellsOf(row);
    expect(cellsOf(row)).toHaveLength(5);
    // The file name is a code span whose fence is longer than the text's longest backtick run.
    expect(where).toBe(`\`\`\`${dir}/we\`ird\`\`x.yaml:1\`\`\``);
    // Our zero-width spaces aside, what is left unescaped is plain text.
    const text = unescaped(object!).replaceAll('&#8203;', '\u200b');
    expect(text).toContain('Service');
    for (const syntax of ['[', ']', '<', '>', '`', '*', '~', '!']) expect(text).not.toContain(syntax);
    expect(text).not.toMatch(/@[\w-]/);
    expect(text).not.toMatch(/#\d/);
    expect(text).not.toContain('https://');
    expect(text).not.toContain('www.');
    expect(text).not.toMatch(/&#64;/);
  });

  it('markdownCode and markdownText, one by one', () => {
    expect(markdownCode('plain')).toBe('`plain`');
    expect(markdownCode('a``b')).toBe('```a``b```');
    expect(markdownCode('`edge`')).toBe('`` `edge` ``');
    expect(markdownCode('a|b\nc')).toBe('`a\\|b\\nc`');
    expect(markdownCode('a\\|b')).toBe('`a\\\\\\|b`');
    expect(markdownText('[l](u) ![i](u) <b> *e* _e_ ~s~ `c` | & \\')).toBe('\\[l\\](u) \\!\\[i\\](u) \\<b\\> \\*e\\* \\_e\\_ \\~s\\~ \\`c\\` \\| \\& \\\\');
    expect(markdownText('@team #1 a@b.c https://x.y www.z.q\nnext')).toBe('@&#8203;team #&#8203;1 a@&#8203;b.c https:&#8203;//x.y www&#8203;.z.q<br>next');
  });
});

describe('12. --output-file escapes control characters as stdout does', () => {
  it.each(['table', 'markdown'])('%s', async (format) => {
    const dir = newDir();
    hostileService(dir, 'svc.yaml', '"svc\\e]0;pwned\\a\\e[2J\\x9b31m"');
    const out = join(dir, `report.${format}`);
    const { code, stderr } = await runCli(['scan', dir, '--plan', write(join(dir, 'plan.txt'), OK_PLAN), '-o', format, '--output-file', out]);
    expect(code, stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('svc');
    for (const raw of ['\u001b', '\u0007', '\u009b']) expect(text).not.toContain(raw);
    expect(text).toContain('\\u001b');
    expect(text).toContain('\\u009b');
  });
});

describe('13. JUnit stays well-formed XML whatever the names hold', () => {
  /** XML 1.0's Char production, for the whole document. */
  const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

  it('U+FFFE, U+FFFF and a lone surrogate in an object name become U+FFFD', async () => {
    const dir = newDir();
    write(join(dir, 'svc.yaml'), 'apiVersion: v1\nkind: Service\nmetadata: { name: "a\\uFFFEb\\uFFFFc\\uD800d" }\nspec: { type: LoadBalancer }\n');
    for (const output of [['--output-file', join(dir, 'junit.xml')], []]) {
      const { code, stdout, stderr } = await runCli(['scan', dir, '--plan', write(join(dir, 'plan.txt'), OK_PLAN), '-o', 'junit', ...output]);
      expect(code, stderr).toBe(0);
      const xml = output.length > 0 ? readFileSync(join(dir, 'junit.xml'), 'utf8') : stdout;
      expect(xml).toMatch(XML_CHARS);
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(xml).toContain('a\uFFFDb\uFFFDc\uFFFDd"');
    }
  });

  it('xmlEscape keeps surrogate pairs and the characters XML allows', () => {
    expect(xmlEscape('😀 é \t <&> \u0001 \uFFFE \uDC00')).toBe('😀 é \t &lt;&amp;&gt; \uFFFD \uFFFD \uFFFD');
  });
});
