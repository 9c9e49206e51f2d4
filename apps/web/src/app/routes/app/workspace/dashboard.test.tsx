// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Tool } from '@stackyard/contracts/tool';
import type { WorkspaceListItem, WorkspaceSummary } from '@stackyard/contracts/workspace';
import { stubApi } from '@/testing/api';
import { json, toolFixture, WORKSPACE_ID, workspaceFixture } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { Dashboard } from './dashboard';

const summary = (tools: number): WorkspaceSummary => ({
  workspace_id: WORKSPACE_ID,
  tools,
  resources: 0,
  projects: 0,
  tags: 0,
  members: 2,
  ingestions_in_progress: 0,
  ingestions_needing_review: 0,
});

/** The API as the dashboard calls it: the summary, and the recent tools, resources, projects and submissions. */
function setup(member: WorkspaceListItem, tools: Tool[]) {
  stubApi(({ url }) => {
    if (url.pathname.endsWith('/summary')) return json(summary(tools.length));
    if (url.pathname === '/api/v1/tools') return json(tools);
    return json([]);
  });
  renderInApp(<Dashboard workspace={member} />);
}

describe('workspace dashboard', () => {
  it('offers the owner the first tool even when their role row is not admin', async () => {
    setup(workspaceFixture({ access_level: 'viewer', is_owner: true }), []);
    await screen.findByRole('heading', { name: 'This workspace is empty' });
    const add = screen.getByRole('link', { name: 'Add your first tool' });
    expect(add.getAttribute('href')).toBe('/ana/tooling/tool-ingestions');
    expect(screen.getByText(/^ana\/tooling · /).textContent).toBe('ana/tooling · Owner');
  });

  it('tells a viewer who adds to the workspace instead of offering to add', async () => {
    setup(workspaceFixture({ access_level: 'viewer', is_owner: false }), []);
    await screen.findByRole('heading', { name: 'This workspace is empty' });
    expect(screen.queryByRole('link', { name: 'Add your first tool' })).toBeNull();
    expect(screen.getByText(/Editors and admins of this workspace add tools/).tagName).toBe('P');
    expect(screen.getByText(/^ana\/tooling · /).textContent).toBe('ana/tooling · Viewer');
  });

  it('shows each feature panel, linking to the items and their lists', async () => {
    setup(workspaceFixture({ access_level: 'editor', is_owner: false }), [toolFixture(1)]);
    const tools = await screen.findByRole('region', { name: 'Recent tools' });
    expect((await within(tools).findByRole('link', { name: 'Tool 1' })).getAttribute('href')).toBe(
      '/ana/tooling/tools/tool-1',
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
