// Fixtures of the API's integration tests: `apiOptions`, what the API is built with; `api`, the API on a fresh
// PGlite database, started once per file and checked against the OpenAPI document when the file's tests are
// done; `origin`, where that API answers real HTTP, for tests that need a socket (health checks while it
// works, uploads streamed); `world`, a new workspace with an owner, an editor and a viewer for each test that
// asks for one; `project`, a project the editor made there; `items`, a tool and a resource of that workspace.
import { test } from 'vitest';
import { catalogWorld, expectStatus } from './catalog-fixtures.ts';
import { seedResource, seedTool } from './catalog-seed.ts';
import { createHarness, type HarnessOptions } from './harness.ts';

/**
 * The test function with the fixtures. A builder whose API reaches a fake server adds the fake as a file fixture
 * and extends `apiOptions` again with options made from it: the API then depends on the fake, so the fake starts
 * before the API and closes after it.
 */
export function apiTest(options: HarnessOptions | (() => HarnessOptions) = {}) {
  return (
    test
      // Read when the file's first test starts: a fake the file starts itself is up by then.
      .extend('apiOptions', { scope: 'file' }, (): HarnessOptions =>
        typeof options === 'function' ? options() : options,
      )
      .extend('api', { scope: 'file' }, async ({ apiOptions }, { onCleanup }) => {
        const api = await createHarness(apiOptions);
        onCleanup(() => api.closeChecked());
        return api;
      })
      // Closing the API closes its socket too.
      .extend('origin', { scope: 'file' }, ({ api }) => api.app.listen({ host: '127.0.0.1', port: 0 }))
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

/** A file fixture of the server `start` brings up, closed when the file's tests are done. */
export function serverFixture<S extends { close(): Promise<void> }>(start: () => Promise<S>) {
  // vitest reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  return async ({}, { onCleanup }: { onCleanup: (cleanup: () => Promise<void>) => void }): Promise<S> => {
    const server = await start();
    onCleanup(() => server.close());
    return server;
  };
}
