// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SimilarTool } from '@stackyard/contracts/similar-tools';
import { requestLine, stubApi } from '@/testing/api';
import { json, toolFixture as tool } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { CompareWith } from './compare-with';

const similar = (n: number, sharedTags: string[], sharedTopics: string[]): SimilarTool => ({
  workspace_tool_id: tool(n).workspace_tool_id,
  slug: `tool-${n}`,
  name: `Tool ${n}`,
  icon_url: n === 3 ? `/api/v1/media/${'a'.repeat(64)}` : null,
  rating: null,
  shared_tags: sharedTags,
  shared_topics: sharedTopics,
});

function setup(answer: () => Response) {
  const calls = stubApi(answer);
  renderInApp(
    <CompareWith
      workspaceId={tool(1).workspace_id}
      tool={tool(1)}
      compareHref={(slugs) => `/ana/tooling/compare?tools=${slugs.join(',')}`}
    />,
  );
  return calls;
}

describe('CompareWith', () => {
  it('proposes the tools the server ranks, each a two-tool comparison saying what they share', async () => {
    const calls = setup(() =>
      json({ tools: [similar(3, ['bundler'], ['frontend', 'hmr']), similar(2, [], ['bundler'])] }),
    );
    const list = await screen.findByRole('list', { name: 'Tools sharing its tags or topics' });
    const links = within(list).getAllByRole('link');
    expect(links).toEqual([
      within(list).getByRole('link', { name: /^Compare with Tool 3\s+sharing bundler, frontend, hmr$/ }),
      within(list).getByRole('link', { name: /^Compare with Tool 2\s+sharing bundler$/ }),
    ]);
    expect(links[0]?.getAttribute('href')).toBe('/ana/tooling/compare?tools=tool-1,tool-3');
    expect(list.querySelector('img')?.getAttribute('src')).toBe(`/api/v1/media/${'a'.repeat(64)}`);
    expect(calls.map(requestLine)).toEqual([
      `GET /api/v1/tools/workspace/${tool(1).workspace_tool_id}/similar`,
    ]);
    expect(screen.getByRole('link', { name: 'Pick tools to compare' }).getAttribute('href')).toBe(
      '/ana/tooling/compare?tools=tool-1',
    );
  });

  it('says how to find similar tools when none shares anything', async () => {
    setup(() => json({ tools: [] }));
    await screen.findByText(/No other tool in this workspace shares its tags or its repository’s topics yet/);
  });
});
