// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Resource } from '@stackyard/contracts/resource';
import { renderInApp } from '@/testing/render';
import { ResourceDetail } from './resource-detail';

const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const resource: Resource = {
  workspace_resource_id: '44444444-4444-4444-8444-444444444444',
  workspace_id: WORKSPACE,
  context: { rating: 2 },
  raw_submitted_url: 'https://blog.example/post',
  metadata: {
    extracted_title: 'A good post',
    extracted_description: 'Why keyset pagination wins',
    extracted_image: 'https://blog.example/cover.png',
    extracted_icon: 'https://blog.example/icon.svg',
    site_name: 'Blog Example',
    author: 'Ada Byron',
    published_at: '2026-03-14T09:30:00.000Z',
    language: 'en',
    media: { icon: null, image: `/api/v1/media/${'c'.repeat(64)}` },
  },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function setup(body: Resource, workspaceId = WORKSPACE) {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  );
  renderInApp(
    <ResourceDetail
      workspaceId={workspaceId}
      resourceId={resource.workspace_resource_id}
      canEdit={false}
      onDeleted={() => {}}
    >
      {() => null}
    </ResourceDetail>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ResourceDetail', () => {
  it('shows the extracted title, URL, description and rating out of 5 stars', async () => {
    setup(resource);
    await screen.findByRole('heading', { level: 1, name: 'A good post' });
    expect(screen.getByRole('link', { name: 'https://blog.example/post' }).getAttribute('href')).toBe(
      'https://blog.example/post',
    );
    screen.getByText('Why keyset pagination wins');
    screen.getByRole('img', { name: 'Rated 2 out of 5' });
  });

  it('hides the image when it fails to load', async () => {
    setup(resource);
    await screen.findByRole('heading', { level: 1, name: 'A good post' });
    const image = document.querySelector('img');
    // The app's stored copy, never the site's own URL (the CSP allows images from the app alone).
    expect(image?.getAttribute('src')).toBe(`/api/v1/media/${'c'.repeat(64)}`);
    fireEvent.error(image as HTMLImageElement);
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows the site, author and date, and an initials tile when there is no icon', async () => {
    setup(resource);
    await screen.findByRole('heading', { level: 1, name: 'A good post' });
    screen.getByText(/Blog Example · Ada Byron ·/);
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-14T09:30:00.000Z');
    expect(document.querySelector('[data-fallback-icon]')?.textContent).toBe('BE');
  });

  it("says 'Resource not found' for a resource of another workspace", async () => {
    setup(resource, '55555555-5555-4555-8555-555555555555');
    await screen.findByRole('heading', { name: 'Resource not found' });
  });
});
