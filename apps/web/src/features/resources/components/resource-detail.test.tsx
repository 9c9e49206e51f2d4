// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Resource } from '@stackyard/contracts/resource';
import { problem, stubApi } from '@/testing/api';
import { json, resourceFixture } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { ResourceDetail } from './resource-detail';

const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const resource = resourceFixture();

const savedCopy = {
  workspace_resource_id: resource.workspace_resource_id,
  title: 'A good post',
  byline: null,
  source_url: 'https://blog.example/post',
  fetched_at: '2026-04-01T00:00:00.000Z',
  html: '<p>Keyset pagination <a href="javascript:alert(1)">wins</a>.</p><script>alert(1)</script>',
  text_length: 24,
  truncated: false,
};

/** The resource, and its saved copy when given (else the API's 404). */
function setup(body: Resource, workspaceId = WORKSPACE, copy: typeof savedCopy | null = null) {
  stubApi(({ url }) => {
    if (!url.pathname.endsWith('/copy')) return json(body);
    return copy ? json(copy) : problem(404, 'Not Found', 'No copy', 'not_found');
  });
  renderInApp(
    <ResourceDetail
      workspaceId={workspaceId}
      resourceId={resource.workspace_resource_id}
      canEdit={false}
      onDeleted={() => {}}
      copyHref="/ada/team/resources/copy-view"
    >
      {() => null}
    </ResourceDetail>,
  );
}

afterEach(() => {
  vi.useRealTimers();
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

  it('shows the site, author and how long ago it was published, and an initials tile when there is no icon', async () => {
    // Only the clock is fixed, a month after publication: the fetch and React Query keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-04-14T09:30:00.000Z'));
    setup(resource);
    await screen.findByRole('heading', { level: 1, name: 'A good post' });
    screen.getByText(/Blog Example · Ada Byron ·/);
    const published = document.querySelector('time');
    expect(published?.getAttribute('datetime')).toBe('2026-03-14T09:30:00.000Z');
    // The same words as every other date in the app, the full date on hover.
    expect(published?.textContent).toBe('last month');
    expect(published?.getAttribute('title')).toMatch(/^Mar 14, 2026, /);
    expect(document.querySelector('[data-fallback-icon]')?.textContent).toBe('BE');
  });

  it("links 'Saved copy' beside the original link only when the resource has one", async () => {
    setup(resource);
    await screen.findByRole('heading', { level: 1, name: 'A good post' });
    expect(screen.queryByRole('link', { name: 'Saved copy' })).toBeNull();
    cleanup();
    setup(resource, WORKSPACE, savedCopy);
    const link = await screen.findByRole('link', { name: 'Saved copy' });
    expect(link.getAttribute('href')).toBe('/ada/team/resources/copy-view');
  });

  it("says 'Resource not found' for a resource of another workspace", async () => {
    setup(resource, '55555555-5555-4555-8555-555555555555');
    await screen.findByRole('heading', { name: 'Resource not found' });
  });
});
