// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CompareResponse, CompareTool } from '@stackyard/contracts/compare';
import { stubApi } from '@/testing/api';
import { json, WORKSPACE_ID } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { ComparePage } from './compare-page';

const id = (n: number) => `22222222-2222-4222-8222-00000000000${n}`;

const compareTool = (n: number, name: string): CompareTool => ({
  workspace_tool_id: id(n),
  slug: `tool-${n}`,
  overview: {
    name,
    icon_url: null,
    description: null,
    homepage_url: null,
    repository_url: null,
    license: 'MIT',
  },
  adoption: { stars: n * 100, forks: null, weekly_downloads: null, monthly_downloads: null },
  maintenance: {
    latest_release: null,
    latest_version: null,
    last_release_at: null,
    last_push_at: null,
    open_issues: null,
    archived: null,
    scorecard: null,
    contributors: null,
  },
  team_view: {
    rating: null,
    stance: 'accepted',
    tags: [],
    projects: [],
    comment_count: 0,
    latest_comments: [],
  },
  facts: {
    workspace_tool_id: id(n),
    repository: null,
    packages: [],
    sources: [],
    refreshed_at: null,
    refresh_queued: false,
  },
});

const comparison: CompareResponse = {
  workspace_id: WORKSPACE_ID,
  tools: [
    compareTool(1, 'Rocket'),
    {
      ...compareTool(2, 'Nebula'),
      team_view: {
        ...compareTool(2, 'Nebula').team_view,
        comment_count: 1,
        latest_comments: [
          {
            id: '44444444-4444-4444-8444-000000000001',
            commenter_id: '55555555-5555-4555-8555-000000000001',
            commenter_username: 'bo',
            content: '<b>Fast</b> but young',
            created_at: '2026-01-01T00:00:00Z',
          },
        ],
      },
    },
  ],
  rows: [
    {
      key: 'license',
      label: 'Licence',
      group: 'overview',
      kind: 'text',
      values: { [id(1)]: 'MIT', [id(2)]: 'MIT' },
      best: null,
      differs: false,
    },
    {
      key: 'stars',
      label: 'Stars',
      group: 'adoption',
      kind: 'number',
      values: { [id(1)]: 100, [id(2)]: 2000 },
      best: [id(2)],
      differs: true,
    },
  ],
};

function setup(slugs: string[], answer: (url: URL) => Response = () => json(comparison)) {
  const calls = stubApi(({ url }) => answer(url));
  const onChange = vi.fn();
  renderInApp(
    <ComparePage
      workspaceId={WORKSPACE_ID}
      slugs={slugs}
      onChange={onChange}
      toolHref={(slug) => `/ana/tooling/tools/${slug}`}
      picker={() => <p>picker</p>}
    />,
  );
  return { calls, onChange, user: userEvent.setup() };
}

describe('ComparePage', () => {
  it('shows the tools side by side, marks the best value with a word, and hides equal rows on request', async () => {
    const { calls } = setup(['tool-1', 'tool-2']);
    const table = await screen.findByRole('table');
    expect(calls[0]?.url.pathname).toBe(`/api/v1/workspaces/${WORKSPACE_ID}/compare`);
    expect(calls[0]?.url.search).toBe('?tools=tool-1,tool-2');
    const [head] = within(table).getAllByRole('rowgroup');
    const headers = within(head as HTMLElement).getAllByRole('columnheader');
    expect(headers.map((header) => within(header).getByRole('link').textContent)).toEqual([
      'Rocket',
      'Nebula',
    ]);
    expect(
      within(headers[1] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/ana/tooling/tools/tool-2');

    const stars = within(table).getByRole('row', { name: /Stars/ });
    const [rocket, nebula] = within(stars).getAllByRole('cell');
    expect(rocket?.textContent).toBe('100');
    expect(nebula?.textContent).toBe('2,000Best');
    // Equal values: nobody is marked.
    expect(within(within(table).getByRole('row', { name: /Licence/ })).queryByText('Best')).toBeNull();

    const differences = screen.getByRole('switch', { name: 'Differences only' });
    expect(differences.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(differences);
    expect(differences.getAttribute('aria-checked')).toBe('true');
    expect(within(table).queryByRole('row', { name: /Licence/ })).toBeNull();
    within(table).getByRole('row', { name: /Stars/ });

    // The team's latest comments, as text (markup stays text).
    const comments = screen.getByRole('region', { name: 'Latest comments' });
    within(comments).getByText('<b>Fast</b> but young');
    within(comments).getByText('No comments yet.');
  });

  it('copies the comparison as Markdown and says so', async () => {
    const { user } = setup(['tool-1', 'tool-2']);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
    await screen.findByText('Comparison copied as Markdown');
    // user-event's own clipboard stands in for the browser's.
    const markdown = await navigator.clipboard.readText();
    expect(markdown).toContain('# Comparison: Rocket vs Nebula');
    expect(markdown).toContain('| Stars | 100 | **2,000** |');
  });

  it('removes a tool through the address', async () => {
    const { onChange, user } = setup(['tool-1', 'tool-2']);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Remove Rocket' }));
    expect(onChange).toHaveBeenCalledWith(['tool-2']);
  });

  it("shows the API's message when a tool is not the workspace's, with a way to take it out", async () => {
    const { onChange, user } = setup(['tool-1', 'ghost'], () =>
      json(
        { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No tool ghost in this workspace' },
        404,
      ),
    );
    await screen.findByText('Could not compare these tools: No tool ghost in this workspace');
    await user.click(screen.getByRole('button', { name: 'Remove ghost' }));
    expect(onChange).toHaveBeenCalledWith(['tool-1']);
  });

  it('asks for a second tool without calling the API', async () => {
    const { calls } = setup(['tool-1']);
    screen.getByRole('heading', { name: 'Pick at least two tools' });
    screen.getByText('picker');
    expect(screen.queryByRole('button', { name: 'Copy as Markdown' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
