// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '@/testing/api';
import { json, projectFixture, WORKSPACE_ID as WORKSPACE } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { CreateProjectDialog } from './create-project-dialog';
import { fieldError } from '@/testing/form';

const created = projectFixture();

describe('CreateProjectDialog', () => {
  it('asks for a name, shows why a create failed, and hands on the created project', async () => {
    let answer = problem(409, 'Conflict', 'A project with that slug exists');
    const calls = stubApi(() => answer);
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderInApp(<CreateProjectDialog workspaceId={WORKSPACE} onCreated={onCreated} />);

    await user.click(screen.getByRole('button', { name: 'New Project' }));
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(fieldError('Name')).toBe('Name is required');
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), ' Site {Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('A project with that slug exists');
    expect(calls[0]?.body).toEqual({ workspace_id: WORKSPACE, metadata: { name: 'Site' } });

    answer = json(created, 201);
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Cancel closes the dialog and forgets what was typed', async () => {
    stubApi(() => json(created, 201));
    const user = userEvent.setup();
    renderInApp(<CreateProjectDialog workspaceId={WORKSPACE} onCreated={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    await user.type(screen.getByLabelText('Name'), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Name')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New Project' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });
});
