// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ToolStanceRecord } from '@stackyard/contracts/stack';
import type { Tool } from '@stackyard/contracts/tool';
import { problem, requestLine, stubApi } from '@/testing/api';
import { json } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { ToolDetail } from './tool-detail';

// The tool page's states, each from a tool shaped here for it rather than ingested.
const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const tool: Tool = {
  workspace_tool_id: '22222222-2222-4222-8222-222222222222',
  workspace_id: WORKSPACE,
  context: { rating: 4 },
  stance: 'accepted',
  raw_submitted_url: 'https://vitest.dev/guide',
  slug: 'vitest',
  metadata: {
    name: 'Vitest',
    description: 'Next generation testing framework',
    image_url: null,
    icon_url: null,
    media: { icon: null, image: null },
    canonical_links: {
      homepage_url: 'https://vitest.dev',
      forge_url: 'https://github.com/vitest-dev/vitest',
      documentation_url: null,
    },
    community_links: { discord_url: 'https://chat.vitest.dev', slack_url: null },
  },
  edited_fields: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const stance: ToolStanceRecord = {
  workspace_tool_id: tool.workspace_tool_id,
  stance: 'preferred',
  note: 'Use for every new package',
  category: 'Testing',
  updated_by: null,
  updated_by_username: null,
  updated_at: '2026-01-01T00:00:00.000Z',
};

function setup(answer: () => Response, canEdit = true) {
  let deleted = false;
  const calls = stubApi(({ method, url, body }) => {
    // The stance API echoes what it was given, as the server does.
    if (url.pathname.endsWith('/stance')) {
      const saved = { ...stance, ...(body as object), updated_at: '2026-01-02T00:00:00.000Z' };
      return json(method === 'PUT' ? saved : stance);
    }
    if (method === 'DELETE') {
      deleted = true;
      return new Response(null, { status: 204 });
    }
    // Once deleted, the tool is gone: a refetch of the open page would answer 404.
    return deleted ? problem(404, 'Not Found', 'Tool not found') : answer();
  });
  const onDeleted = vi.fn();
  renderInApp(
    <ToolDetail
      workspaceId={WORKSPACE}
      slug="vitest"
      canEdit={canEdit}
      canDelete={canEdit}
      onDeleted={onDeleted}
    >
      {(shown) => <p>extras for {shown.slug}</p>}
    </ToolDetail>,
  );
  return { calls, onDeleted, user: userEvent.setup() };
}

describe('ToolDetail', () => {
  it('shows the slug as title, the submitted URL, the rating and the links', async () => {
    const { calls } = setup(() => json(tool));
    await screen.findByRole('heading', { level: 1, name: 'vitest' });
    expect(calls[0]?.url.pathname).toBe(`/api/v1/tools/workspace/${WORKSPACE}/slug/vitest`);
    expect(screen.getByRole('link', { name: 'https://vitest.dev/guide' }).getAttribute('href')).toBe(
      'https://vitest.dev/guide',
    );
    // An editor rates by clicking the stars: a radio group whose checked star is the rating.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '4 stars' }).checked).toBe(true);
    const links = within(screen.getByRole('list', { name: 'Links' }));
    expect(links.getByRole('link', { name: 'Homepage' }).getAttribute('href')).toBe('https://vitest.dev');
    expect(links.getByRole('link', { name: 'Source' }).getAttribute('href')).toBe(
      'https://github.com/vitest-dev/vitest',
    );
    expect(links.getByRole('link', { name: 'Discord' }).getAttribute('href')).toBe('https://chat.vitest.dev');
    expect(links.queryByRole('link', { name: 'Slack' })).toBeNull();
    screen.getByText('extras for vitest');
  });

  it("says 'Tool not found' on a 404", async () => {
    setup(() => problem(404, 'Not Found', 'Tool not found'));
    await screen.findByRole('heading', { name: 'Tool not found' });
  });

  it('deletes after the confirmation and then calls onDeleted', async () => {
    const { calls, onDeleted, user } = setup(() => json(tool));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Tool' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(
      calls.filter((call) => call.method === 'GET' && !call.url.pathname.endsWith('/stance')),
    ).toHaveLength(1);
    expect(calls.map(requestLine)).toContain(`DELETE /api/v1/tools/workspace/${tool.workspace_tool_id}`);
  });

  it('offers no Delete to viewers', async () => {
    setup(() => json(tool), false);
    await screen.findByRole('heading', { level: 1, name: 'vitest' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("shows viewers the workspace's stance, category and note", async () => {
    setup(() => json(tool), false);
    const shown = await screen.findByTestId('tool-stance');
    expect(shown.textContent).toBe('Stance: Preferred · Testing · Use for every new package');
    expect(screen.queryByRole('form', { name: 'Stance' })).toBeNull();
  });

  it('lets editors change the stance, category and note', async () => {
    const { calls, user } = setup(() => json(tool));
    const form = within(await screen.findByRole('form', { name: 'Stance' }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Stance' }), 'avoid');
    await user.clear(form.getByRole('textbox', { name: 'Note' }));
    await user.type(form.getByRole('textbox', { name: 'Note' }), 'deprecated: use node:test');
    await user.click(form.getByRole('button', { name: 'Save stance' }));
    await form.findByText('Saved');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/v1/tools/workspace/${tool.workspace_tool_id}/stance`);
    expect(put?.body).toEqual({ stance: 'avoid', category: 'Testing', note: 'deprecated: use node:test' });
  });
});
