// The usual test arrangement: a fake GitHub (API and web), one installation reaching acme/stack, and a client
// pointed at it with the app's OAuth client.
import { afterEach } from 'vitest';
import { createGithubClient, type GithubClient, type GithubClientOptions } from '../github-client.ts';
import type { RepositoryTarget } from '../commit-files.ts';
import { startFakeGithub, type FakeGithub } from './fake-github.ts';

export const INSTALLATION_ID = 7;

export interface FakeSetup {
  fake: FakeGithub;
  client: GithubClient;
  target: RepositoryTarget;
}

export interface FakeSetupOptions {
  files?: Record<string, string>;
  client?: GithubClientOptions;
  tokenLifetimeMs?: number;
}

export async function startFakeSetup(options: FakeSetupOptions = {}): Promise<FakeSetup> {
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

/**
 * For a test file: a starter of setups, each closed when the test that started it ends (a test may close its
 * fake GitHub earlier, to see it unreachable).
 */
export function fakeSetupPerTest(): (options?: FakeSetupOptions) => Promise<FakeSetup> {
  let setup: FakeSetup | undefined;
  afterEach(async () => {
    await setup?.fake.close();
    setup = undefined;
  });
  return async (options = {}) => {
    setup = await startFakeSetup(options);
    const close = setup.fake.close;
    let closed: Promise<void> | undefined;
    setup.fake.close = () => (closed ??= close());
    return setup;
  };
}
