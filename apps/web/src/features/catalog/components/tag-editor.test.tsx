// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/api';
import { json, tagFixture } from '@/testing/fixtures';
import { renderInApp } from '@/testing/render';
import { TagEditForm } from './tag-editor';

const tag = tagFixture();

describe('TagEditForm', () => {
  it('says why an empty name cannot be saved, and sends only the changed name', async () => {
    const calls = stubApi(() => json({ ...tag, tag_name: 'qa' }));
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderInApp(<TagEditForm tag={tag} onDone={onDone} />);
    const save = screen.getByRole('button', { name: 'Save tag' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const name = screen.getByLabelText('Tag name');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(save);
    expect(screen.getByRole('alert').textContent).toBe('Tag name is required');
    expect(calls).toHaveLength(0);

    await user.clear(name);
    await user.type(name, ' qa {Enter}');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ tag_name: 'qa' });
  });
});
