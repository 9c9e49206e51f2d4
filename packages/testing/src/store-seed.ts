// A workspace's repository store set up over HTTP the way a user does it: one tool in the catalog, the GitHub
// App installation saved, a repository connected and populated.
import { expectStatus } from './catalog-fixtures.ts';
import { seedTool } from './catalog-seed.ts';
import type { Harness, TestUser } from './harness.ts';

export interface StoreConnection {
  installationId: number;
  /** owner/name of the repository to connect. */
  repository: string;
  /** The one-time code GitHub sent back with the installation. */
  code: string;
}

/** Connects `admin`'s workspace to the repository and populates it; answers the seeded Vitest tool's id. */
export async function connectStore(
  h: Harness,
  admin: TestUser,
  workspaceId: string,
  { installationId, repository, code }: StoreConnection,
): Promise<string> {
  const { workspaceToolId } = await seedTool(h.db.db, {
    workspaceId,
    url: `https://vitest.dev/?w=${workspaceId}`,
    slug: 'vitest',
    name: 'Vitest',
    homepageUrl: 'https://vitest.dev/',
  });
  const store = `/workspaces/${workspaceId}/store`;
  const [repositoryOwner, repositoryName] = repository.split('/');
  expectStatus(
    await h.as(admin).post(`${store}/github/installation`, { installation_id: installationId, code }),
    200,
  );
  expectStatus(
    await h.as(admin).post(`${store}/github/connect`, {
      repository_owner: repositoryOwner,
      repository_name: repositoryName,
      installation_id: installationId,
    }),
    200,
  );
  expectStatus(await h.as(admin).post(`${store}/populate`), 200);
  return workspaceToolId;
}
