// The API beside fake facts upstreams (GitHub, the registries, deps.dev) and a workspace in it, for tests that
// refresh tools' facts and read what the API makes of them.
import { createFactsContext, type FactsContext } from '@stackyard/api/facts/facts-context';
import { DEFAULT_FACTS_SETTINGS } from '@stackyard/api/facts/facts-settings';
import { refreshToolFacts, type RefreshStats } from '@stackyard/api/facts/facts-refresh';
import { catalogWorld, type CatalogWorld } from './catalog-fixtures.ts';
import { startFakeFactsUpstreams, type FakeFactsUpstreams } from './fake-facts-upstreams.ts';
import { createHarness, type Harness, type HarnessOptions } from './harness.ts';

export interface FactsApi {
  h: Harness;
  fake: FakeFactsUpstreams;
  world: CatalogWorld;
  /** What the facts job refreshes with, pointed at the fakes (with a GitHub token when one is given). */
  context(token?: string): FactsContext;
  /** Refreshes a tool's facts from the fakes, in `context` when given (to share its rate limits). */
  refresh(toolId: string, context?: FactsContext): Promise<RefreshStats>;
  /** Closes the API, failing on answers the OpenAPI document does not declare, then the fakes. */
  close(): Promise<void>;
}

export async function startFactsApi(options: Omit<HarnessOptions, 'facts'> = {}): Promise<FactsApi> {
  const fake = await startFakeFactsUpstreams();
  const h = await createHarness({ ...options, facts: fake.settings() });
  const context = (token?: string) =>
    createFactsContext({ ...DEFAULT_FACTS_SETTINGS, ...fake.settings(token ? { token } : {}) });
  return {
    h,
    fake,
    world: await catalogWorld(h),
    context,
    refresh: (toolId, shared = context()) => refreshToolFacts(h.db.db, shared, toolId),
    close: async () => {
      await h.closeChecked();
      await fake.close();
    },
  };
}
