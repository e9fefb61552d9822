// ESLint flat config: typescript-eslint's type-checked recommended rules, the layer table of
// docs/architecture.md (eslint-plugin-boundaries), and eslint-config-prettier last so that
// formatting is left to Prettier alone (`npm run lint` runs both; `npm run format` rewrites).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier/flat';
import boundaries from 'eslint-plugin-boundaries';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * The layer table (docs/architecture.md): each layer of src/ and the layers it may import. A layer
 * may always import its own files. Everything outside src/ (test, bench, tools, examples, the
 * root config files) may import any layer; src/ may import nothing outside src/.
 */
const LAYERS = {
  domain: [],
  db: ['domain'],
  seeds: ['db', 'domain'],
  graphql: ['db', 'domain'],
  server: ['graphql', 'db'],
  cli: ['db', 'seeds', 'graphql', 'domain'],
};

export default defineConfig(
  globalIgnores([
    'dist/',
    'data/',
    'coverage/',
    'test-results/',
    '.bench/',
    // Written by `npm run codegen` (tools/codegen.ts); a test fails when they are stale.
    'src/graphql/generated/',
    'src/cli/generated/',
    'examples/client/generated.ts',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      // `const { key: _key, ...rest } = object` is how the code drops a key from a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // `async` without `await` is how the code implements interfaces that must return a promise
      // (Apollo plugin hooks, DataLoader batch functions, Fastify and test client callbacks), with
      // a throw turned into a rejection. A forgotten await is what no-floating-promises catches.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Short functions (issue 37): one over 120 lines is split into named steps. Tests are exempt
    // (a describe block is a list of cases); generated files are ignored above.
    // test/lint/function-length.test.ts holds the rule to that.
    files: ['src/**/*.ts', 'tools/**/*.ts', 'bench/**/*.ts', '**/*.js'],
    ignores: ['test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Vitest types its asymmetric matchers (expect.stringMatching, arrayContaining, not.*) as any,
      // so every matcher inside an expected object was reported. An any read from untyped data is
      // still reported where it is used (no-unsafe-member-access, -argument, -call, -return).
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // Plain JavaScript (bin/, this file) is outside tsconfig.json: no type information for it.
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // The layer rule applies to src/; test/, bench/, tools/ and examples/ may import any layer.
    files: ['src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      // Imports name the compiled file (`./x.js`); the TypeScript resolver maps them to `./x.ts`.
      'import/resolver': { typescript: { project: join(root, 'tsconfig.json') } },
      'boundaries/elements': [
        ...Object.keys(LAYERS).map((layer) => ({ type: layer, pattern: `src/${layer}/**`, partialMatch: false })),
        { type: 'outside-src', pattern: '**', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            ...Object.entries(LAYERS).map(([layer, allowed]) => ({
              from: { element: { type: layer } },
              allow: { to: { element: { types: { anyOf: [layer, ...allowed] } } } },
            })),
            { from: { element: { type: 'outside-src' } }, allow: { to: { element: { type: '*' } } } },
          ],
        },
      ],
      // Every file is an element (outside-src catches the rest), so an unknown dependency is a
      // local import the resolver could not resolve: reported, so that a broken resolver cannot
      // silently turn the layer rule off.
      'boundaries/no-unknown-dependencies': 'error',
    },
  },
  prettier,
);
