// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolFacts } from '@stackyard/contracts/facts';
import { requestLine, stubApi } from '@/testing/api';
import { json } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { ToolFactsPanel } from './tool-facts';

const TOOL = '22222222-2222-4222-8222-000000000001';

const facts: ToolFacts = {
  workspace_tool_id: TOOL,
  repository: {
    source: 'github',
    fetched_at: '2026-03-07T12:00:00Z',
    full_name: 'acme/rocket',
    url: 'https://github.com/acme/rocket',
    stars: 12345,
    forks: 10,
    open_issues: 4,
    license: 'MIT',
    language: 'TypeScript',
    topics: ['bundler'],
    archived: false,
    last_push_at: '2026-03-09T12:00:00Z',
    latest_release: { tag: 'v2.1.0', date: '2026-03-01T12:00:00Z' },
    contributors: null,
    scorecard: null,
  },
  packages: [
    {
      ecosystem: 'npm',
      name: 'rocket',
      source: 'npm',
      fetched_at: '2026-03-10T11:00:00Z',
      url: 'https://www.npmjs.com/package/rocket',
      latest_version: '2.1.0',
      released_at: '2026-03-01T12:00:00Z',
      license: 'MIT',
      weekly_downloads: 5000,
      monthly_downloads: null,
      dependencies: 3,
      types_bundled: true,
      scorecard: 7.5,
    },
  ],
  sources: [
    {
      source: 'deps.dev',
      package: 'rocket',
      fetched_at: '2026-03-10T11:00:00Z',
      status: 'rate_limited',
      error: 'Too many requests',
    },
  ],
  refreshed_at: '2026-03-10T11:00:00Z',
  refresh_queued: false,
};

function setup(canRefresh: boolean) {
  const calls = stubApi(({ url }) => {
    if (url.pathname.endsWith('/refresh')) return json({ ...facts, refresh_queued: true }, 202);
    return json(facts);
  });
  renderInApp(<ToolFactsPanel toolId={TOOL} canRefresh={canRefresh} />);
  return { calls, user: userEvent.setup() };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-10T12:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ToolFactsPanel', () => {
  it('shows the repository and package facts with their source and age, and the sources not reached', async () => {
    setup(false);
    const repo = (await screen.findByRole('heading', { name: 'acme/rocket' })).parentElement as HTMLElement;
    within(repo).getByText('12,345');
    within(repo).getByText('v2.1.0 · 2026-03-01 (last week)');
    expect(repo.textContent).toContain('Source: GitHub · fetched 3 days ago');
    // Unknown facts are left out rather than shown empty.
    expect(within(repo).queryByText('Contributors')).toBeNull();
    const pkg = screen.getByRole('heading', { name: 'rocket' }).parentElement as HTMLElement;
    within(pkg).getByText('7.5 / 10');
    expect(pkg.textContent).toContain('Source: npm · fetched 1 hour ago');
    screen.getByText('Refreshed 1 hour ago');
    expect(screen.getByRole('list', { name: 'Sources not reached' }).textContent).toContain(
      'deps.dev (rocket): rate limited, will retry — Too many requests',
    );
    expect(screen.queryByRole('button', { name: 'Refresh facts' })).toBeNull();
  });

  it('lets an editor queue a refresh', async () => {
    const { calls, user } = setup(true);
    await user.click(await screen.findByRole('button', { name: 'Refresh facts' }));
    await screen.findByRole('button', { name: 'Refreshing...' });
    expect(calls.map(requestLine)).toContain(`POST /api/v1/tools/workspace/${TOOL}/facts/refresh`);
    screen.getByText(/refresh queued/);
  });
});
