// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '@stackyard/contracts/tool';
import type { AccessRole, WorkspaceListItem, WorkspaceSummary } from '@stackyard/contracts/workspace';
import { createQueryClient } from '@/lib/query-client';
import { Dashboard } from './dashboard';

const WORKSPACE = '11111111-1111-4111-8111-111111111111';

const workspace = (access_level: AccessRole, is_owner: boolean): WorkspaceListItem => ({
  id: WORKSPACE,
  name: 'Tooling',
  slug: 'tooling',
  description: null,
  owner_id: '99999999-9999-4999-8999-999999999999',
  access_level,
  is_owner,
  owner_username: 'ana',
  previous_slugs: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const summary = (tools: number): WorkspaceSummary => ({
  workspace_id: WORKSPACE,
  tools,
  resources: 0,
  projects: 0,
  tags: 0,
  members: 2,
  ingestions_in_progress: 0,
  ingestions_needing_review: 0,
});

const tool: Tool = {
  workspace_tool_id: '22222222-2222-4222-8222-000000000001',
  workspace_id: WORKSPACE,
  context: { rating: 4 },
  raw_submitted_url: 'https://vite.dev',
  slug: 'vite',
  metadata: {
    name: 'Vite',
    description: null,
    image_url: null,
    canonical_links: { homepage_url: null, forge_url: null },
    community_links: { discord_url: null, slack_url: null },
  },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The API as the dashboard calls it: the summary, and the recent tools, resources, projects and submissions. */
function setup(member: WorkspaceListItem, tools: Tool[]) {
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://app.test');
    if (url.pathname.endsWith('/summary')) return json(summary(tools.length));
    if (url.pathname === '/api/v1/tools') return json(tools);
    return json([]);
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Dashboard workspace={member} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('workspace dashboard', () => {
  it('offers the owner the first tool even when their role row is not admin', async () => {
    setup(workspace('viewer', true), []);
    await screen.findByRole('heading', { name: 'This workspace is empty' });
    const add = screen.getByRole('link', { name: 'Add your first tool' });
    expect(add.getAttribute('href')).toBe('/ana/tooling/tool-ingestions');
    expect(screen.getByText(/^ana\/tooling · /).textContent).toBe('ana/tooling · Owner');
  });

  it('tells a viewer who adds to the workspace instead of offering to add', async () => {
    setup(workspace('viewer', false), []);
    await screen.findByRole('heading', { name: 'This workspace is empty' });
    expect(screen.queryByRole('link', { name: 'Add your first tool' })).toBeNull();
    expect(screen.getByText(/Editors and admins of this workspace add tools/).tagName).toBe('P');
    expect(screen.getByText(/^ana\/tooling · /).textContent).toBe('ana/tooling · Viewer');
  });

  it('shows each feature panel, linking to the items and their lists', async () => {
    setup(workspace('editor', false), [tool]);
    const tools = await screen.findByRole('region', { name: 'Recent tools' });
    expect((await within(tools).findByRole('link', { name: 'Vite' })).getAttribute('href')).toBe(
      '/ana/tooling/tools/vite',
    );
    expect(within(tools).getByRole('link', { name: 'View every tool' }).getAttribute('href')).toBe(
      '/ana/tooling/tools',
    );
    const headings = screen.getAllByRole('heading', { level: 2, name: /^Recent / }).map((h) => h.textContent);
    expect(headings).toEqual(['Recent tools', 'Recent ingestions', 'Recent resources', 'Recent projects']);
    const ingestions = screen.getByRole('region', { name: 'Recent ingestions' });
    expect((await within(ingestions).findByText('Nothing submitted yet.')).tagName).toBe('P');
  });
});
