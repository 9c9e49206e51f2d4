// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Member } from '@stackyard/contracts/member';
import { stubApi } from '@/testing/api';
import { json, WORKSPACE_ID, workspaceFixture } from '@/testing/fixtures';
import { fieldError } from '@/testing/form';
import { renderInApp } from '@/testing/render';
import { WorkspaceMembers } from './workspace-members';

describe('WorkspaceMembers', () => {
  // The member the API answers an add with.
  const added: Member = {
    workspace_id: WORKSPACE_ID,
    user_id: '22222222-2222-4222-8222-222222222222',
    access_role: 'editor',
    is_owner: false,
    username: 'bo_1',
    display_name: null,
    avatar_url: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };

  it("checks the username with the API's rule before adding, then sends it lower-cased and trimmed", async () => {
    const calls = stubApi(({ method }) => json(method === 'POST' ? added : []));
    const user = userEvent.setup();
    renderInApp(<WorkspaceMembers workspace={workspaceFixture()} />);
    const picker = await screen.findByRole('combobox', { name: 'Add member by username' });
    await user.type(picker, 'a-b');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(fieldError('Add member by username')).toBe(
      'Username must contain only lowercase letters, numbers, and underscores',
    );
    expect(document.activeElement).toBe(picker);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(picker);
    await user.type(picker, ' Bo_1 ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of the new member' }), 'editor');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    await screen.findByText('Added bo_1 as editor');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ username: 'bo_1', role: 'editor' });
    expect((picker as HTMLInputElement).value).toBe('');
    expect(fieldError('Add member by username')).toBeNull();
  });
});
