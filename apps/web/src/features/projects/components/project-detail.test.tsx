// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Project } from '@stackyard/contracts/project';
import { requestLine, stubApi } from '@/testing/api';
import { json, projectFixture, toolFixture as tool, WORKSPACE_ID as WORKSPACE } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { ProjectDetail } from './project-detail';

// The e2e run has no tools (they come from ingestion), so linking tools to a project is covered here.
const project = projectFixture();

function setup(canEdit: boolean, shown: Project = project) {
  const linked = new Set<number>([1]);
  const calls = stubApi(({ method, url }) => {
    const link = /\/tools\/22222222-2222-4222-8222-00000000000(\d)$/.exec(url.pathname);
    if (link) {
      if (method === 'PUT') linked.add(Number(link[1]));
      else linked.delete(Number(link[1]));
      return new Response(null, { status: 204 });
    }
    if (url.pathname.endsWith('/tools')) return json([...linked].map((n) => tool(n)));
    return json(shown);
  });
  renderInApp(
    <ProjectDetail
      workspaceId={WORKSPACE}
      slug="site"
      canEdit={canEdit}
      availableTools={[tool(1), tool(2)]}
      onDeleted={() => {}}
      toolHref={(slug) => `/ana/ws/tools/${slug}`}
      driftHref={(id) => `/ana/ws/drift?project=${id}`}
    >
      {() => null}
    </ProjectDetail>,
  );
  return { calls, user: userEvent.setup() };
}

describe('ProjectDetail', () => {
  it('shows the linked repository and links to the drift of the project', async () => {
    setup(false, { ...project, repository: { full_name: 'acme/site', branch: null, path: 'web' } });
    await screen.findByText('acme/site/web');
    expect(screen.getByRole('link', { name: 'Drift' }).getAttribute('href')).toBe(
      `/ana/ws/drift?project=${project.id}`,
    );
  });

  it('links a repository from the edit form, refusing a name not shaped owner/name', async () => {
    const { calls, user } = setup(true);
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const field = screen.getByLabelText('Repository');
    await user.type(field, 'acme');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Repository must be owner/name, as in github.com/owner/name');
    await user.type(field, '/site');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ repository: { full_name: 'acme/site' } });
  });

  it('shows name, slug, created date and the tools it uses', async () => {
    setup(false);
    await screen.findByRole('heading', { level: 1, name: 'Site' });
    screen.getByText('site');
    // Relative, with the full date on hover.
    const created = screen.getByText(/ ago$/);
    expect(created.getAttribute('dateTime')).toBe('2026-03-04T10:00:00Z');
    expect(created.getAttribute('title')).toMatch(/^Mar 4, 2026, /);
    expect((await screen.findByRole('link', { name: 'Tool 1' })).getAttribute('href')).toBe(
      '/ana/ws/tools/tool-1',
    );
    expect(screen.queryByLabelText('Add a tool')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('lets an editor link and unlink tools', async () => {
    const { calls, user } = setup(true);
    await screen.findByRole('link', { name: 'Tool 1' });
    await user.selectOptions(screen.getByLabelText('Add a tool'), tool(2).workspace_tool_id);
    expect((await screen.findByRole('link', { name: 'Tool 2' })).getAttribute('href')).toBe(
      '/ana/ws/tools/tool-2',
    );
    expect(calls.map(requestLine)).toContain(
      `PUT /api/v1/projects/${project.id}/tools/${tool(2).workspace_tool_id}`,
    );
    await user.click(screen.getByRole('button', { name: 'Remove tool-1 from the project' }));
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'Tool 1' })).toBeNull());
    expect(calls.map(requestLine)).toContain(
      `DELETE /api/v1/projects/${project.id}/tools/${tool(1).workspace_tool_id}`,
    );
  });
});
