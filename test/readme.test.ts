/** docs/api.md documents every finding code and error code the service can return; the README shows the two commands. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../src/db/paths.js';
import { FINDING_CODES } from '../src/domain/compatibility/findings.js';
import { ERROR_CODES } from '../src/graphql/errors.js';

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
const api = readFileSync(join(PROJECT_ROOT, 'docs/api.md'), 'utf8');

it.each(Object.entries(FINDING_CODES))('docs/api.md documents finding code %s with the meaning findings.ts gives it', (code, meaning) => {
  // One home for each code's meaning (findings.ts); the docs/api.md row must say the same.
  expect(api).toContain(`| \`${code}\` | ${meaning.replace(/\|/g, '\\|')} |`);
});

it.each(Object.keys(ERROR_CODES))('docs/api.md documents error code %s', (code) => {
  expect(api).toContain(`| \`${code}\` |`);
});

it('README shows the two commands', () => {
  expect(readme).toContain('npm install && npm start');
  expect(readme).toContain('npm test');
});
