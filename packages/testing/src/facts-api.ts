// The API beside fake facts upstreams (GitHub, the registries, deps.dev), for tests that refresh tools' facts
// and read what the API makes of them.
import { createFactsContext, type FactsContext } from '@stackyard/api/facts/facts-context';
import { DEFAULT_FACTS_SETTINGS } from '@stackyard/api/facts/facts-settings';
import { refreshToolFacts, type RefreshStats } from '@stackyard/api/facts/facts-refresh';
import { apiTest, serverFixture } from './api-fixtures.ts';
import { startFakeFactsUpstreams } from './fake-facts-upstreams.ts';
import type { HarnessOptions } from './harness.ts';

/**
 * apiTest with `fake`, the facts upstreams the API asks (one per file); `factsContext(token?)`, what the facts
 * job refreshes with, pointed at them (with a GitHub token when one is given); `refresh(toolId, context?)`,
 * a refresh of a tool's facts from them, in `context` when given (to share its rate limits).
 */
export function factsTest(options: Omit<HarnessOptions, 'facts'> = {}) {
  return apiTest()
    .extend('fake', { scope: 'file' }, serverFixture(startFakeFactsUpstreams))
    .extend('apiOptions', { scope: 'file' }, ({ fake }) => ({ ...options, facts: fake.settings() }))
    .extend(
      'factsContext',
      { scope: 'file' },
      ({ fake }) =>
        (token?: string): FactsContext =>
          createFactsContext({ ...DEFAULT_FACTS_SETTINGS, ...fake.settings(token ? { token } : {}) }),
    )
    .extend(
      'refresh',
      { scope: 'file' },
      ({ api, factsContext }) =>
        (toolId: string, context = factsContext()): Promise<RefreshStats> =>
          refreshToolFacts(api.db.db, context, toolId),
    );
}
