// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '@stackyard/contracts/tool';
import { json, toolFixture as tool, WORKSPACE_ID as WORKSPACE } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { ToolsList } from './tools-list';

const TAG = '33333333-3333-4333-8333-333333333333';

function page(items: Tool[], cursor?: string) {
  const response = json(items);
  if (cursor) response.headers.set('x-next-cursor', cursor);
  return response;
}

function setup(answer: (url: URL) => Response) {
  const urls: URL[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://app.test');
    urls.push(url);
    return answer(url);
  });
  renderInApp(
    <ToolsList
      workspaceId={WORKSPACE}
      tags={[
        {
          id: TAG,
          workspace_id: WORKSPACE,
          tag_name: 'testing',
          color: '#22c55e',
          description: null,
          criteria: null,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        },
      ]}
      toolHref={(slug) => `/ana/ws/tools/${slug}`}
      addToolHref="/ana/ws/tool-ingestions"
      canAdd
    />,
  );
  return { urls, user: userEvent.setup() };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ToolsList', () => {
  it('shows cards with stars and loads the next page with the x-next-cursor cursor', async () => {
    const { urls, user } = setup((url) =>
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
    expect(urls[0]?.pathname).toBe('/api/v1/tools');
    expect(urls[0]?.searchParams.get('workspace_id')).toBe(WORKSPACE);
    expect(urls[0]?.searchParams.get('sort')).toBe('recent');
  });

  it('asks the API for the chosen sort and tag', async () => {
    const { urls, user } = setup((url) => (url.searchParams.get('tag') ? page([]) : page([tool(1, 5)])));
    await screen.findByRole('link', { name: /Tool 1/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'rating');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), TAG);
    await screen.findByRole('heading', { name: 'No tools with this tag' });
    const last = urls.at(-1);
    expect(last?.searchParams.get('sort')).toBe('rating');
    expect(last?.searchParams.get('tag')).toBe(TAG);
  });
});
