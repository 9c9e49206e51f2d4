// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccessRole } from '@stackyard/contracts/workspace';
import { stubApi } from '@/testing/api';
import { json, workspaceFixture } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { WorkspaceSettings } from './workspace-settings';

const workspace = (n: number, name: string, access_level: AccessRole, is_owner: boolean) =>
  workspaceFixture({
    id: `11111111-1111-4111-8111-00000000000${n}`,
    name,
    slug: name.toLowerCase(),
    access_level,
    is_owner,
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

describe('WorkspaceSettings', () => {
  it('offers each workspace the actions its role allows', async () => {
    stubApi(() => json(workspaces));
    renderInApp(<WorkspaceSettings currentUserId={null} />);
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
