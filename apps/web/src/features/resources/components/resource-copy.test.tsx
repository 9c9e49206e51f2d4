// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Resource, ResourceCopy } from '@stackyard/contracts/resource';
import { problem, stubApi } from '@/testing/api';
import { json } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { ResourceCopyView } from './resource-copy';

const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const ID = '44444444-4444-4444-8444-444444444444';
const resource: Resource = {
  workspace_resource_id: ID,
  workspace_id: WORKSPACE,
  context: { rating: null },
  raw_submitted_url: 'https://blog.example/post',
  metadata: {
    extracted_title: 'A good post',
    extracted_description: null,
    extracted_image: null,
    extracted_icon: null,
    site_name: null,
    author: null,
    published_at: null,
    language: null,
    media: { icon: null, image: null },
  },
  edited_fields: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const copy: ResourceCopy = {
  workspace_resource_id: ID,
  title: 'A good post, saved',
  byline: 'Ada Byron',
  source_url: 'https://blog.example/post',
  fetched_at: '2026-04-01T00:00:00.000Z',
  html:
    '<h2>Why</h2><p>Keyset <a href="https://blog.example/keyset">pagination</a> <a href="javascript:alert(1)">wins</a>.</p>' +
    '<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
  text_length: 30,
  truncated: true,
};

function setup(saved: ResourceCopy | null) {
  stubApi(({ url }) => {
    if (!url.pathname.endsWith('/copy')) return json(resource);
    return saved ? json(saved) : problem(404, 'Not Found', 'No copy', 'not_found');
  });
  renderInApp(
    <ResourceCopyView workspaceId={WORKSPACE} resourceId={ID} resourceHref="/ada/team/resources/r" />,
  );
}

describe('ResourceCopyView', () => {
  it('shows the saved text with its date and original link, rendering only safe elements', async () => {
    setup(copy);
    await screen.findByRole('heading', { level: 1, name: 'A good post, saved' });
    screen.getByRole('heading', { level: 2, name: 'Why' });
    expect(screen.getByRole('link', { name: 'pagination' }).getAttribute('href')).toBe(
      'https://blog.example/keyset',
    );
    expect(screen.getByRole('link', { name: 'pagination' }).getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('link', { name: 'wins' })).toBeNull();
    screen.getByText(/wins/);
    expect(document.querySelector('script, img, [onerror]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe('2026-04-01T00:00:00.000Z');
    expect(screen.getByRole('link', { name: 'https://blog.example/post' }).getAttribute('href')).toBe(
      'https://blog.example/post',
    );
    screen.getByText(/longer than a saved copy keeps/);
    expect(screen.getByRole('link', { name: 'Back to the resource' }).getAttribute('href')).toBe(
      '/ada/team/resources/r',
    );
  });

  it('says when there is no saved copy', async () => {
    setup(null);
    await screen.findByRole('heading', { name: 'No saved copy' });
    screen.getByRole('link', { name: 'https://blog.example/post' });
  });
});
