// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/testing/api';
import { json, WORKSPACE_ID } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { CreateAccessTokenForm } from './create-access-token-form';
import { fieldError } from '@/testing/form';

const created = {
  id: '77777777-7777-4777-8777-777777777777',
  name: 'Laptop',
  prefix: 'sy_pat_AbC123',
  scope: 'read_write',
  workspace_id: WORKSPACE_ID,
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
  created_at: '2026-03-04T10:00:00Z',
  token: 'sy_pat_AbC123secret',
};

describe('CreateAccessTokenForm', () => {
  it('sends the chosen scope, workspace and expiry, and shows the API field error under Name', async () => {
    let answer = json(
      {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'Invalid request',
        errors: [{ pointer: '/body/name', detail: 'Name must be at most 100 characters' }],
      },
      400,
    );
    const calls = stubApi(() => answer);
    const user = userEvent.setup();
    renderInApp(
      <CreateAccessTokenForm workspaces={[{ id: WORKSPACE_ID, name: 'Tooling' }]} defaultName="Laptop" />,
    );

    await user.selectOptions(screen.getByLabelText('Scope'), 'Read and write');
    await user.selectOptions(screen.getByLabelText('Workspace'), 'Tooling');
    await user.selectOptions(screen.getByLabelText('Expires'), 'Never');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(fieldError('Name')).toBe('Name must be at most 100 characters'));
    expect(calls[0]?.body).toEqual({
      name: 'Laptop',
      scope: 'read_write',
      workspace_id: WORKSPACE_ID,
      expires_in_days: null,
    });

    answer = json(created, 201);
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByTestId('new-token')).textContent).toBe('sy_pat_AbC123secret');
    expect(screen.queryByText('Name must be at most 100 characters')).toBeNull();
  });
});
