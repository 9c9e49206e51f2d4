// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { WorkspaceSwitcher } from './workspace-switcher';

// cmdk scrolls the selected item into view and measures the list; happy-dom has neither.
Element.prototype.scrollIntoView ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const workspace = (id: string, name: string, description?: string): WorkspaceListItem => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  description,
  owner_id: '00000000-0000-4000-8000-000000000000',
  owner_username: 'ana',
  access_level: 'admin',
  is_owner: true,
  previous_slugs: [],
  owner_previous_usernames: [],
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
});

const list = [workspace('w1', 'Tooling', 'Everything we build with'), workspace('w2', 'Reading list')];

function setup(currentId: string | null) {
  const onSelect = vi.fn();
  const onManage = vi.fn();
  render(
    <WorkspaceSwitcher workspaces={list} currentId={currentId} onSelect={onSelect} onManage={onManage} />,
  );
  return { onSelect, onManage, user: userEvent.setup() };
}

describe('WorkspaceSwitcher', () => {
  it("says 'Select workspace...' when none is current", () => {
    setup(null);
    expect(screen.getByRole('combobox', { name: 'Workspace' }).textContent).toContain('Select workspace...');
  });

  it('lists the workspaces with descriptions and checks the current one', async () => {
    const { user } = setup('w1');
    const trigger = screen.getByRole('combobox', { name: 'Workspace' });
    expect(trigger.textContent).toContain('Tooling');
    await user.click(trigger);
    // The menu's code loads on first use.
    await screen.findByPlaceholderText('Search workspaces...');
    const tooling = screen.getByRole('option', { name: /Tooling/ });
    within(tooling).getByText('Everything we build with');
    expect(within(tooling).queryByTestId('current-workspace-check')).not.toBeNull();
    expect(
      within(screen.getByRole('option', { name: /Reading list/ })).queryByTestId('current-workspace-check'),
    ).toBeNull();
  });

  it('filters by name and description, and says when nothing matches', async () => {
    const { user } = setup('w1');
    await user.click(screen.getByRole('combobox', { name: 'Workspace' }));
    const search = await screen.findByPlaceholderText('Search workspaces...');
    await user.type(search, 'build');
    expect(screen.queryByRole('option', { name: /Reading list/ })).toBeNull();
    screen.getByRole('option', { name: /Tooling/ });
    await user.clear(search);
    await user.type(search, 'zzz');
    screen.getByText('No workspace found.');
  });

  it('hands the chosen workspace over and closes', async () => {
    const { user, onSelect } = setup('w1');
    await user.click(screen.getByRole('combobox', { name: 'Workspace' }));
    await screen.findByPlaceholderText('Search workspaces...');
    await user.click(screen.getByRole('option', { name: /Reading list/ }));
    expect(onSelect).toHaveBeenCalledWith(list[1]);
    expect(screen.queryByPlaceholderText('Search workspaces...')).toBeNull();
  });

  it("offers 'Manage workspaces'", async () => {
    const { user, onManage } = setup('w1');
    await user.click(screen.getByRole('combobox', { name: 'Workspace' }));
    await screen.findByPlaceholderText('Search workspaces...');
    await user.click(screen.getByRole('option', { name: 'Manage workspaces' }));
    expect(onManage).toHaveBeenCalledOnce();
  });
});
