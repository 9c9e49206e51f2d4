import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The package layering of docs/architecture.md is enforced by the repository's own eslint.config.js: a
// file that imports across a layer fails `npm run preflight`. These lint fixture sources as if they were
// files at the given paths, through ESLint's Node API with that config.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: `${repoRoot}/eslint.config.js` });
});

/** The layering messages ESLint reports for `source` as the file at `filePath` (relative to the repo). */
async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${repoRoot}/${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

const importing = (specifier: string) => `import * as imported from '${specifier}';\nexport { imported };\n`;

describe('package layering', () => {
  it('reports packages/db importing a higher layer, by package name or by relative path', async () => {
    const byName = await layerErrors('packages/db/src/fixture.ts', importing('@stackyard/api/db'));
    expect(byName).toEqual([expect.stringContaining('packages/db may import packages/contracts')]);
    const byPath = await layerErrors('packages/db/src/fixture.ts', importing('../../api/src/db.ts'));
    expect(byPath).toEqual([expect.stringContaining('packages/db may import packages/contracts')]);
  });

  it('lets packages/db import contracts and its own files', async () => {
    expect(
      await layerErrors('packages/db/src/fixture.ts', importing('@stackyard/contracts/workspace')),
    ).toEqual([]);
    expect(await layerErrors('packages/db/src/fixture.ts', importing('./schema.ts'))).toEqual([]);
  });

  it('reports packages/api importing the server, and lets it import the layers below', async () => {
    expect(await layerErrors('packages/api/src/fixture.ts', importing('@stackyard/server/app'))).toEqual([
      expect.stringContaining('packages/api may import'),
    ]);
    expect(await layerErrors('packages/api/src/fixture.ts', importing('@stackyard/store/render'))).toEqual(
      [],
    );
  });

  it('keeps sibling service packages apart', async () => {
    expect(
      await layerErrors('packages/ingestion/src/fixture.ts', importing('@stackyard/store/render')),
    ).toEqual([expect.stringContaining('packages/ingestion may import packages/contracts, packages/db')]);
  });

  it('lets only tests import packages/testing', async () => {
    // Any module of the package will do; this one exists.
    const testing = importing('@stackyard/testing/layering.test');
    expect(await layerErrors('packages/api/src/fixture.ts', testing)).toEqual([
      expect.stringContaining('packages/api may import'),
    ]);
    expect(await layerErrors('packages/api/src/fixture.test.ts', testing)).toEqual([]);
  });

  it('lets the web app import contracts only', async () => {
    expect(await layerErrors('apps/web/src/fixture.ts', importing('@stackyard/db/schema'))).toEqual([
      expect.stringContaining('apps/web may import packages/contracts'),
    ]);
    expect(await layerErrors('apps/web/src/fixture.ts', importing('@stackyard/contracts/workspace'))).toEqual(
      [],
    );
  });
});

/** The undeclared-dependency messages ESLint reports for `source` as the file at `filePath`. */
async function manifestErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${repoRoot}/${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-extraneous-dependencies')
    .map((message) => message.message);
}

describe('honest manifests', () => {
  it('reports shipped code importing a package its own package.json does not list', async () => {
    // drizzle-orm is installed (other workspaces list it) but packages/ingestion does not.
    expect(await manifestErrors('packages/ingestion/src/fixture.ts', importing('drizzle-orm'))).toEqual([
      expect.stringContaining("'drizzle-orm' should be listed in the project's dependencies"),
    ]);
    expect(await manifestErrors('packages/ingestion/src/fixture.ts', importing('htmlparser2'))).toEqual([]);
  });

  it('keeps development-only packages out of shipped code, and lets tests use them and the root runner', async () => {
    expect(await manifestErrors('packages/store/src/fixture.ts', importing('yaml'))).toEqual([
      expect.stringContaining('not devDependencies'),
    ]);
    expect(await manifestErrors('packages/store/src/fixture.test.ts', importing('yaml'))).toEqual([]);
    expect(await manifestErrors('packages/store/src/fixture.ts', importing('vitest'))).toEqual([
      expect.stringContaining("'vitest' should be listed"),
    ]);
    expect(await manifestErrors('packages/store/src/fixture.test.ts', importing('vitest'))).toEqual([]);
  });
});
