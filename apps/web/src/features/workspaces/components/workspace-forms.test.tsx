// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { problem, stubApi } from '@/testing/api';
import { json, workspaceFixture } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { CreateWorkspaceFormCard, EditWorkspaceFormCard } from './workspace-forms';
import { fieldError } from '@/testing/form';

describe('CreateWorkspaceFormCard', () => {
  it('shows the first message per field, focuses the first invalid field and sends nothing', async () => {
    const calls = stubApi(() => problem(500, 'Internal Server Error', 'unexpected'));
    const user = userEvent.setup();
    renderInApp(<CreateWorkspaceFormCard onDone={() => {}} />);
    await user.type(screen.getByLabelText('Slug (optional)'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(fieldError('Name')).toBe('Name is required');
    expect(fieldError('Slug (optional)')).toBe('Slug must be at least 3 characters');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's reason when the create fails, and closes once it succeeds", async () => {
    let answer = problem(409, 'Conflict', 'That slug is taken');
    const calls = stubApi(() => answer);
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderInApp(<CreateWorkspaceFormCard onDone={onDone} />);
    await user.type(screen.getByLabelText('Name'), ' Tools ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That slug is taken');
    expect(calls[0]?.body).toEqual({ name: 'Tools' });
    expect(onDone).not.toHaveBeenCalled();

    answer = problem(503, 'Service Unavailable', 'later');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('later'));
  });
});

describe('EditWorkspaceFormCard', () => {
  it('keeps Update disabled until something changed, then sends the edit and closes', async () => {
    const workspace = workspaceFixture();
    const calls = stubApi(() => json({ ...workspace, description: 'Ours' }));
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderInApp(<EditWorkspaceFormCard workspace={workspace} onDone={onDone} />);
    const update = screen.getByRole('button', { name: 'Update' });
    expect((update as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Description (optional)'), 'Ours');
    expect((update as HTMLButtonElement).disabled).toBe(false);
    await user.click(update);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.body).toEqual({ name: 'Tooling', slug: 'tooling', description: 'Ours' });
  });
});
