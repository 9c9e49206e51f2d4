// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Resource } from '@stackyard/contracts/resource';
import { stubApi } from '@/testing/api';
import { json, resourceFixture, WORKSPACE_ID } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { ResourcesList } from './resources-list';

function setup(resources: Resource[][], canAdd = true) {
  const calls = stubApi(({ url }) => {
    const index = url.searchParams.get('cursor') ? 1 : 0;
    const response = json(resources[index] ?? []);
    if (index === 0 && resources.length > 1) response.headers.set('x-next-cursor', 'next');
    return response;
  });
  renderInApp(
    <ResourcesList
      workspaceId={WORKSPACE_ID}
      tags={[]}
      resourceHref={(id) => `/resources/${id}`}
      addResourceHref="/add"
      canAdd={canAdd}
    />,
  );
  return { calls, user: userEvent.setup() };
}

describe('ResourcesList', () => {
  it('shows the saved resources as cards and loads the next page on request', async () => {
    const second = resourceFixture({
      workspace_resource_id: '44444444-4444-4444-8444-444444444445',
      metadata: { ...resourceFixture().metadata, extracted_title: 'Another post' },
    });
    const { user } = setup([[resourceFixture()], [second]]);
    expect((await screen.findByRole('link', { name: /A good post/ })).getAttribute('href')).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Resources' })).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('link', { name: /Another post/ })).getAttribute('href')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there are none, and offers the first one to those who may add', async () => {
    setup([[]]);
    expect(await screen.findByRole('heading', { name: 'No resources yet' })).not.toBeNull();
    expect(
      screen.queryByText(
        'Articles, docs and videos saved to this workspace appear here. Add one by its URL, or import your browser bookmarks.',
      ),
    ).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Add your first resource' }).getAttribute('href')).toBe('/add');
  });
});
