// A workspace's repository store set up over HTTP the way a user does it: the GitHub App installation saved,
// a repository connected and populated (with the Vitest tool in the catalog when the test wants one).
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

/** Seeds the Vitest tool in the workspace; answers its workspace tool id. */
export async function seedVitest(h: Harness, workspaceId: string): Promise<string> {
  const { workspaceToolId } = await seedTool(h.db.db, {
    workspaceId,
    url: `https://vitest.dev/?w=${workspaceId}`,
    slug: 'vitest',
    name: 'Vitest',
    homepageUrl: 'https://vitest.dev/',
  });
  return workspaceToolId;
}

/** Connects `admin`'s workspace to the repository and populates it. */
export async function connectStore(
  h: Harness,
  admin: TestUser,
  workspaceId: string,
  { installationId, repository, code }: StoreConnection,
): Promise<void> {
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
}
