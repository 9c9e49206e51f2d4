// Fixtures of the API's integration tests: `api`, the API on a fresh PGlite database, started once per file
// and checked against the OpenAPI document when the file's tests are done; `world`, a new workspace with an
// owner, an editor and a viewer for each test that asks for one; `project`, a project the editor made there;
// `items`, a tool and a resource of that workspace.
import { test } from 'vitest';
import { catalogWorld, expectStatus } from './catalog-fixtures.ts';
import { seedResource, seedTool } from './catalog-seed.ts';
import { createHarness, type HarnessOptions } from './harness.ts';

/** The test function with the fixtures; options read when the file's first test starts (fakes are up by then). */
export function apiTest(options: HarnessOptions | (() => HarnessOptions) = {}) {
  return (
    test
      // vitest reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
      // eslint-disable-next-line no-empty-pattern
      .extend('api', { scope: 'file' }, async ({}, { onCleanup }) => {
        const api = await createHarness(typeof options === 'function' ? options() : options);
        onCleanup(() => api.closeChecked());
        return api;
      })
      .extend('world', async ({ api }) => catalogWorld(api))
      .extend('project', async ({ api, world }) =>
        expectStatus<{ id: string; slug: string }>(
          await api
            .as(world.editor)
            .post('/projects', { workspace_id: world.workspaceId, metadata: { name: 'P' } }),
          201,
        ),
      )
      .extend('items', async ({ api, world }) => ({
        workspaceToolId: (
          await seedTool(api.db.db, {
            workspaceId: world.workspaceId,
            url: 'https://t.example.com',
            slug: 't',
          })
        ).workspaceToolId,
        resourceId: await seedResource(api.db.db, {
          workspaceId: world.workspaceId,
          url: 'https://r.example.com',
        }),
      }))
  );
}
