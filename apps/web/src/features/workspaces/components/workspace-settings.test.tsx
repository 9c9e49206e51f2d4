// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccessRole, WorkspaceListItem } from '@stackyard/contracts/workspace';
import { createQueryClient } from '@/lib/query-client';
import { WorkspaceSettings } from './workspace-settings';

const workspace = (
  n: number,
  name: string,
  access_level: AccessRole,
  is_owner: boolean,
): WorkspaceListItem => ({
  id: `11111111-1111-4111-8111-00000000000${n}`,
  name,
  slug: name.toLowerCase(),
  description: null,
  owner_id: '99999999-9999-4999-8999-999999999999',
  access_level,
  is_owner,
  owner_username: 'ana',
  previous_slugs: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const workspaces = [
  // The owner's own role row need not say admin: owning the workspace is what counts.
  workspace(1, 'Owned', 'editor', true),
  workspace(2, 'Administered', 'admin', false),
  workspace(3, 'Edited', 'editor', false),
  workspace(4, 'Viewed', 'viewer', false),
];

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

/** The action buttons and links of one row of the table, by their visible text. */
function actionsOf(name: string): string[] {
  const row = within(rowOf(name));
  return [...row.queryAllByRole('button'), ...row.queryAllByRole('link')]
    .map((element) => element.textContent ?? '')
    .sort();
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WorkspaceSettings', () => {
  it('offers each workspace the actions its role allows', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify(workspaces), { headers: { 'content-type': 'application/json' } }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <WorkspaceSettings />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('rowheader', { name: 'Owned' });
    expect(actionsOf('Owned')).toEqual(['Delete', 'Edit', 'Members', 'Store']);
    expect(actionsOf('Administered')).toEqual(['Edit', 'Members', 'Store']);
    expect(actionsOf('Edited')).toEqual(['Members']);
    expect(actionsOf('Viewed')).toEqual(['Members']);
    // The cells after the name: slug, role, actions.
    const roles = ['Owned', 'Administered', 'Edited', 'Viewed'].map(
      (name) => within(rowOf(name)).getAllByRole('cell')[1]?.textContent,
    );
    expect(roles).toEqual(['Owner', 'Admin', 'Editor', 'Viewer']);
  });
});
