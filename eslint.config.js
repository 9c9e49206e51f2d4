// One lint set-up for the whole repository: typescript-eslint strict, no import cycles, and the
// one-way dependency rules of docs/architecture.md (contracts <- db <- services <- server; web and
// e2e reach the server over HTTP only; SPA features never import each other).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = 'apps/web/src/features';
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The SPA imports .tsx files without an extension and through the '@/' alias.
const webResolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
  tsconfig: { configFile: 'apps/web/tsconfig.json' },
});

const onlyContracts = (files, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^@stackyard/(?!contracts/)',
            message,
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [webResolver] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          // A rule option of zero zones is refused: keep one that matches nothing until features exist.
          zones: (features.length ? features : ['.none']).map((feature) => ({
            target: `./${featuresDir}/${feature}`,
            from: `./${featuresDir}`,
            except: [`./${feature}`],
            message: 'Features never import each other; compose them in src/app.',
          })),
        },
      ],
    },
  },
  onlyContracts(
    ['apps/web/**/*.{ts,tsx}'],
    'The web app talks to the server over HTTP: import only @stackyard/contracts.',
  ),
  onlyContracts(['packages/db/**/*.ts'], 'packages/db depends on contracts only.'),
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@stackyard/', message: 'contracts depends on nothing of ours.' }] },
      ],
    },
  },
  {
    // A SystemGrant writes the catalog without authorize(): only job code may make one (access.ts).
    files: ['packages/api/src/**/*.{routes,service}.ts', 'packages/api/src/plugin.ts', 'apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)jobs/system-grant(\\.ts)?$',
              message: 'Only job code makes a SystemGrant; a request is authorized with authorize().',
            },
          ],
        },
      ],
    },
  },
  onlyContracts(['e2e/**/*.test.ts'], 'End-to-end tests drive the real server over HTTP and a browser.'),
  {
    // Vitest reads a fixture's dependencies from its destructured first parameter, even when empty.
    files: ['e2e/**/*.ts', '**/*.test.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
);
