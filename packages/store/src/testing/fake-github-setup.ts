// The usual test arrangement: a fake GitHub (API and web), one installation reaching acme/stack, and a client
// pointed at it with the app's OAuth client.
import { createGithubClient, type GithubClient, type GithubClientOptions } from '../github-client.ts';
import type { RepositoryTarget } from '../commit-files.ts';
import { startFakeGithub, type FakeGithub } from './fake-github.ts';

export const INSTALLATION_ID = 7;

export interface FakeSetup {
  fake: FakeGithub;
  client: GithubClient;
  target: RepositoryTarget;
}

export async function startFakeSetup(
  options: { files?: Record<string, string>; client?: GithubClientOptions; tokenLifetimeMs?: number } = {},
): Promise<FakeSetup> {
  const fake = await startFakeGithub(
    options.tokenLifetimeMs === undefined ? {} : { tokenLifetimeMs: options.tokenLifetimeMs },
  );
  fake.addRepository('acme/stack', options.files ? { files: options.files } : {});
  fake.addInstallation(INSTALLATION_ID, 'acme', ['acme/stack']);
  const client = createGithubClient(
    {
      appId: fake.app.appId,
      privateKey: fake.app.privateKey,
      apiBaseUrl: fake.url,
      webBaseUrl: fake.url,
      clientId: fake.app.clientId,
      clientSecret: fake.app.clientSecret,
    },
    options.client,
  );
  return { fake, client, target: { installationId: INSTALLATION_ID, owner: 'acme', name: 'stack' } };
}
