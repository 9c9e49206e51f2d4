// The API beside a fake GitHub (packages/store's, real HTTP on loopback) as its GitHub App's, for tests of the
// repository store and what reads from GitHub through it.
import { fakeGithubEnv, startFakeGithub, type FakeGithub } from '@stackyard/store/testing/fake-github';
import { apiTest, serverFixture } from './api-fixtures.ts';
import type { HarnessOptions } from './harness.ts';

/** The app's slug on the fake, in its install URL. */
const APP_SLUG = 'stackyard-test';

/**
 * apiTest with `fake`, a GitHub (one per file) that `arrange` fills with repositories, installations and users
 * before the API starts.
 */
export function githubTest(arrange: (fake: FakeGithub) => void, options: Omit<HarnessOptions, 'env'> = {}) {
  const start = async () => {
    const fake = await startFakeGithub();
    arrange(fake);
    return fake;
  };
  return apiTest()
    .extend('fake', { scope: 'file' }, serverFixture(start))
    .extend('apiOptions', { scope: 'file' }, ({ fake }) => ({
      ...options,
      env: fakeGithubEnv(fake, APP_SLUG),
    }));
}
