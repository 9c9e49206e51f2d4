// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tag } from '@stackyard/contracts/tag';
import { json, toolFixture as tool, WORKSPACE_ID } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { CompareWith } from './compare-with';

const tag = (n: number): Tag => ({
  id: `33333333-3333-4333-8333-00000000000${n}`,
  workspace_id: WORKSPACE_ID,
  tag_name: `tag ${n}`,
  color: '#22c55e',
  description: null,
  criteria: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

function setup(tags: Tag[]) {
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://localhost');
    // Tag 1 holds tools 1, 2, 3; tag 2 holds tools 1 and 3.
    return json(url.searchParams.get('tag') === tag(1).id ? [tool(2), tool(1), tool(3)] : [tool(3), tool(1)]);
  });
  renderInApp(
    <CompareWith
      workspaceId={WORKSPACE_ID}
      tool={tool(1)}
      tags={tags}
      compareHref={(slugs) => `/ana/tooling/compare?tools=${slugs.join(',')}`}
    />,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CompareWith', () => {
  it('proposes the tools sharing most tags first, each a two-tool comparison', async () => {
    setup([tag(1), tag(2)]);
    const list = await screen.findByRole('list', { name: 'Tools sharing its tags' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Compare with Tool 3', 'Compare with Tool 2']);
    expect(links[0]?.getAttribute('href')).toBe('/ana/tooling/compare?tools=tool-1,tool-3');
    expect(screen.getByRole('link', { name: 'Pick tools to compare' }).getAttribute('href')).toBe(
      '/ana/tooling/compare?tools=tool-1',
    );
  });

  it('asks for tags when the tool has none', () => {
    setup([]);
    screen.getByText('Tag this tool to see the workspace’s tools that share its tags.');
  });
});
