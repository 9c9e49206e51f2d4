// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Tool } from '@stackyard/contracts/tool';
import { stubApi, type ApiAnswer } from '@/testing/api';
import { json, tagFixture, toolFixture as tool, WORKSPACE_ID as WORKSPACE } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { ToolsList } from './tools-list';

const TAG = '33333333-3333-4333-8333-333333333333';

function page(items: Tool[], cursor?: string) {
  const response = json(items);
  if (cursor) response.headers.set('x-next-cursor', cursor);
  return response;
}

function setup(answer: ApiAnswer, { canSetStance = true } = {}) {
  const calls = stubApi(answer);
  renderInApp(
    <ToolsList
      workspaceId={WORKSPACE}
      tags={[tagFixture({ id: TAG })]}
      toolHref={(slug) => `/ana/ws/tools/${slug}`}
      addToolHref="/ana/ws/tool-ingestions"
      aiExportHref="/ana/ws/ai-export"
      compareHref={(slugs) => `/ana/ws/compare?tools=${slugs.join(',')}`}
      canAdd
      canSetStance={canSetStance}
    />,
  );
  return { calls, user: userEvent.setup() };
}

describe('ToolsList', () => {
  it('shows cards with stars and loads the next page with the x-next-cursor cursor', async () => {
    const { calls, user } = setup(({ url }) =>
      url.searchParams.get('cursor') === 'next_1' ? page([tool(2, null)]) : page([tool(1, 3)], 'next_1'),
    );
    const first = await screen.findByRole('link', { name: /Tool 1/ });
    expect(first.getAttribute('href')).toBe('/ana/ws/tools/tool-1');
    screen.getByRole('img', { name: 'Rated 3 out of 5' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('link', { name: /Tool 2/ })).getAttribute('href')).toBe(
      '/ana/ws/tools/tool-2',
    );
    screen.getByRole('img', { name: 'Not rated' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls[0]?.url.pathname).toBe('/api/v1/tools');
    expect(calls[0]?.url.searchParams.get('workspace_id')).toBe(WORKSPACE);
    expect(calls[0]?.url.searchParams.get('sort')).toBe('recent');
  });

  it('marks a card whose link needs a look, and none whose link works or was kept', async () => {
    const health = (status: 'ok' | 'gone' | 'moved', kept = false) => ({
      status,
      url: 'https://example.com',
      checked_at: '2026-11-01T00:00:00Z',
      http_status: status === 'gone' ? 404 : 200,
      moved_to: status === 'moved' ? 'https://example.org' : null,
      consecutive_failures: 0,
      kept,
    });
    setup(() =>
      page([
        { ...tool(1, null), health: health('gone') },
        { ...tool(2, null), health: health('ok') },
        { ...tool(3, null), health: health('moved', true) },
        { ...tool(4, null), health: health('moved') },
        tool(5, null),
      ]),
    );
    expect((await screen.findByRole('link', { name: /Tool 1/ })).textContent).toContain('Link gone');
    expect(screen.getByRole('link', { name: /Tool 4/ }).textContent).toContain('Link moved');
    for (const quiet of [2, 3, 5]) {
      expect(screen.getByRole('link', { name: new RegExp(`Tool ${quiet}`) }).textContent).not.toMatch(
        /Link /,
      );
    }
  });

  it('asks the API for the chosen sort and tag', async () => {
    const { calls, user } = setup(({ url }) => (url.searchParams.get('tag') ? page([]) : page([tool(1, 5)])));
    await screen.findByRole('link', { name: /Tool 1/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'rating');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), TAG);
    await screen.findByRole('heading', { name: 'No tools with this tag' });
    const last = calls.at(-1)?.url;
    expect(last?.searchParams.get('sort')).toBe('rating');
    expect(last?.searchParams.get('tag')).toBe(TAG);
  });

  it('filters by stance, shows each stance as a badge, and links to the AI export', async () => {
    const { calls, user } = setup(({ url }) =>
      url.searchParams.get('stance') === 'avoid'
        ? page([tool(2, null, 'avoid')])
        : page([tool(1, 4, 'preferred')]),
    );
    const card = await screen.findByRole('link', { name: /Tool 1/ });
    expect(card.textContent).toContain('Preferred');
    expect(screen.getByRole('link', { name: 'AI export' }).getAttribute('href')).toBe('/ana/ws/ai-export');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stance' }), 'avoid');
    expect((await screen.findByRole('link', { name: /Tool 2/ })).textContent).toContain('Avoid');
    expect(calls.at(-1)?.url.searchParams.get('stance')).toBe('avoid');
  });

  it('marks the selected tools preferred in one bulk call, then leaves selection mode', async () => {
    const bodies: unknown[] = [];
    const { user } = setup(({ method, url, body: sent }) => {
      if (url.pathname.endsWith('/stack/stances')) {
        const body = sent as { workspace_tool_ids: string[] };
        bodies.push({ method, path: url.pathname, body });
        return json(
          body.workspace_tool_ids.map((id) => ({
            workspace_tool_id: id,
            stance: 'preferred',
            note: null,
            category: null,
            updated_by: WORKSPACE,
            updated_by_username: 'ada',
            updated_at: '2026-01-02T00:00:00Z',
          })),
        );
      }
      return page([tool(1), tool(2), tool(3)]);
    });
    await screen.findByRole('link', { name: /Tool 1/ });
    await user.click(screen.getByRole('button', { name: 'Select tools' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Tool 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Tool 3' }));
    screen.getByText('2 selected');
    await user.click(screen.getByRole('button', { name: 'Mark preferred' }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Selected tools' })).toBeNull());
    expect(bodies).toEqual([
      {
        method: 'PUT',
        path: `/api/v1/workspaces/${WORKSPACE}/stack/stances`,
        body: {
          workspace_tool_ids: [tool(1).workspace_tool_id, tool(3).workspace_tool_id],
          stance: 'preferred',
        },
      },
    ]);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('offers no bulk stance to viewers', async () => {
    setup(() => page([tool(1)]), { canSetStance: false });
    await screen.findByRole('link', { name: /Tool 1/ });
    expect(screen.queryByRole('button', { name: 'Select tools' })).toBeNull();
  });

  it('compares 2 to 6 selected tools, also for viewers', async () => {
    const { user } = setup(() => page(Array.from({ length: 8 }, (_, index) => tool(index + 1))), {
      canSetStance: false,
    });
    await screen.findByRole('link', { name: /Tool 1/ });
    await user.click(screen.getByRole('button', { name: 'Compare tools' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Tool 2' }));
    expect(screen.getByRole('button', { name: 'Compare (1)' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Select Tool 5' }));
    expect(screen.getByRole('link', { name: 'Compare (2)' }).getAttribute('href')).toBe(
      '/ana/ws/compare?tools=tool-2,tool-5',
    );
    for (const n of [1, 3, 4, 6])
      await user.click(screen.getByRole('checkbox', { name: `Select Tool ${n}` }));
    // Six is the most a comparison takes: the other boxes are disabled, the checked ones stay free.
    expect(screen.getByRole('checkbox', { name: 'Select Tool 7' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Select Tool 1' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Cancel compare' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
