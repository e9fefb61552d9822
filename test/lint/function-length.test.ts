/**
 * eslint.config.js holds a hand-written function to 120 lines (blank lines and comments not
 * counted) in src/, tools/ and bench/, and leaves tests and generated files alone. Only that rule
 * runs here, on text linted as if it were at those paths.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/db/paths.js';

const eslint = new ESLint({
  cwd: PROJECT_ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'max-lines-per-function',
});

/** A function of `statements` lines of code, each followed by a blank line and a comment. */
const functionOf = (statements: number) =>
  `export function long(): number {\n  let n = 0;\n${'  n += 1;\n\n  // a comment\n'.repeat(statements)}  return n;\n}\n`;

async function reported(path: string, text: string): Promise<string[]> {
  const results = await eslint.lintText(text, { filePath: join(PROJECT_ROOT, path), warnIgnored: false });
  return results.flatMap((r) => r.messages.map((m) => `${m.ruleId ?? m.message} ${m.severity}`));
}

describe('the function length rule', () => {
  it('reports a function of 121 lines as an error, and not one of 120', async () => {
    // The function's own lines: its signature, `let`, the statements, `return` and the brace.
    expect(await reported('src/domain/long.ts', functionOf(117))).toEqual(['max-lines-per-function 2']);
    expect(await reported('src/domain/long.ts', functionOf(116))).toEqual([]);
  });

  it('applies to tools/ and bench/, not to tests or generated files', async () => {
    expect(await reported('tools/long.ts', functionOf(117))).toEqual(['max-lines-per-function 2']);
    expect(await reported('bench/long.ts', functionOf(117))).toEqual(['max-lines-per-function 2']);
    expect(await reported('test/long.test.ts', functionOf(117))).toEqual([]);
    expect(await reported('src/graphql/generated/long.ts', functionOf(117))).toEqual([]);
  });
});
