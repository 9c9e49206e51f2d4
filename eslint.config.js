// One lint set-up for the whole repository: typescript-eslint strict, no import cycles, and the
// one-way dependency rules of docs/architecture.md (contracts <- db <- jobs <- ingestion/store/identity <- api <-
// server; web and e2e reach the server over HTTP only; only tests import packages/testing; SPA features
// never import each other).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

// What each workspace may import, by directory. A workspace not listed as a key (bench, e2e, scripts,
// packages/testing) is not held to a layer; every one of them is a forbidden source for the others unless
// allowed here. Imports are checked after resolution, so a relative path into another package counts too.
const product = [
  'packages/contracts',
  'packages/db',
  'packages/jobs',
  'packages/ingestion',
  'packages/store',
  'packages/identity',
];
const layers = {
  'packages/contracts': [],
  'packages/scanner': [],
  'packages/db': ['packages/contracts'],
  'packages/jobs': ['packages/contracts', 'packages/db'],
  'packages/ingestion': ['packages/contracts', 'packages/db'],
  'packages/store': ['packages/contracts', 'packages/db'],
  'packages/identity': ['packages/contracts', 'packages/db', 'packages/jobs'],
  // The API scans uploaded manifests with the scanner, which is pure and imports nothing of ours.
  'packages/api': [...product, 'packages/scanner'],
  // The MCP server and the command line reach the product over its HTTP API (in-process for /mcp).
  'packages/mcp': ['packages/contracts'],
  'packages/cli': ['packages/contracts', 'packages/mcp', 'packages/scanner'],
  'apps/server': [...product, 'packages/api', 'packages/mcp'],
  'apps/web': ['packages/contracts'],
  'apps/extension': ['packages/contracts'],
};
// Tests may arrange what they check through lower layers too (seed rows, start the fixture site).
const testLayers = {
  'packages/mcp': [...product, 'packages/api'],
  'packages/cli': [...product, 'packages/api', 'packages/mcp'],
};
const workspaces = [
  ...['packages', 'apps'].flatMap((parent) =>
    readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`),
  ),
  'bench',
  'e2e',
  'scripts',
];
const TESTING = 'packages/testing';

/** no-restricted-paths zones keeping `workspace` to its layer; its tests may also use packages/testing. */
const layerZones = (workspace, { tests }) => {
  const reach = (tests && testLayers[workspace]) || layers[workspace];
  const allowed = new Set([workspace, ...reach, ...(tests ? [TESTING] : [])]);
  const from = workspaces.filter((other) => !allowed.has(other)).map((other) => `./${other}`);
  const may = reach.length ? reach.join(', ') : 'nothing of ours';
  const message = `${workspace} may import ${may}${tests ? ` (its tests also ${TESTING})` : ''}: see docs/architecture.md.`;
  return from.length ? [{ target: `./${workspace}`, from, message }] : [];
};
const layerRules = (workspace, extraZones = []) =>
  [false, true].map((tests) => ({
    files: [`${workspace}/**/*.${tests ? 'test.' : ''}{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...extraZones, ...layerZones(workspace, { tests })] },
      ],
    },
  }));

// Each workspace's package.json lists what its code imports: its shipped code from its own dependencies,
// its tests and build configuration from its own devDependencies too, or from the root's (the test runner
// and browser driver every workspace's tests share).
const testSupport = ['**/*.test.{ts,tsx}', '**/testing/**', '**/testing.ts', '**/fake-*.ts', '*.config.ts'];
const dirOf = (workspace) => fileURLToPath(new URL(`./${workspace}`, import.meta.url));
const manifestRules = (workspace) => [
  {
    files: [`${workspace}/**/*.{ts,tsx}`],
    ignores: testSupport.map((glob) => `${workspace}/${glob}`),
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { packageDir: [dirOf(workspace)], devDependencies: false, includeTypes: true },
      ],
    },
  },
  {
    // packages/testing is test support through and through.
    files: (workspace === TESTING ? ['**'] : testSupport).map((glob) => `${workspace}/${glob}`),
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { packageDir: [dirOf(workspace), dirOf('.')], devDependencies: true, includeTypes: true },
      ],
    },
  },
];

const onlyContracts = (files, message, allowed = 'contracts') => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@stackyard/(?!(${allowed})/)`,
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
    // The extension's pages and service worker run in the browser, with its WebExtension API.
    files: ['apps/extension/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.webextensions } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [webResolver] },
    rules: reactHooks.configs.recommended.rules,
  },
  ...workspaces.filter((workspace) => /^(apps|packages)\//.test(workspace)).flatMap(manifestRules),
  ...Object.keys(layers)
    .filter((workspace) => workspace !== 'apps/web')
    .flatMap((workspace) => layerRules(workspace)),
  // One rule entry per file holds both the web app's layer and its feature boundaries.
  ...layerRules(
    'apps/web',
    features.map((feature) => ({
      target: `./${featuresDir}/${feature}`,
      from: `./${featuresDir}`,
      except: [`./${feature}`],
      message: 'Features never import each other; compose them in src/app.',
    })),
  ),
  onlyContracts(
    ['apps/web/**/*.{ts,tsx}'],
    'The web app talks to the server over HTTP: import only @stackyard/contracts.',
  ),
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
  onlyContracts(
    ['apps/extension/**/*.ts'],
    'The browser extension talks to the server over HTTP: import only @stackyard/contracts.',
  ),
  onlyContracts(
    ['e2e/**/*.test.ts'],
    'End-to-end tests drive the real server over HTTP and a browser (test support may start processes).',
    'contracts|testing',
  ),
  {
    // Vitest reads a fixture's dependencies from its destructured first parameter, even when empty.
    files: ['e2e/**/*.ts', '**/*.test.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
);
