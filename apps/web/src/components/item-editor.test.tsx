// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ItemEditor, type EditableField } from './item-editor';
import { fieldError } from '@/testing/form';

const fields: EditableField[] = [
  { name: 'name', label: 'Name', value: 'Vite', required: true },
  { name: 'description', label: 'Description', value: 'A build tool', multiline: true },
];

const refusal = new ApiError(400, 'Invalid request', {
  type: 'about:blank',
  title: 'Bad Request',
  status: 400,
  detail: 'Invalid request',
  errors: [{ pointer: '/body/name', detail: 'Name is required' }],
});

function Editor({ save }: { save: (changes: Record<string, string | null>) => Promise<unknown> }) {
  const [error, setError] = useState<Error | null>(null);
  return (
    <ItemEditor
      what="tool"
      fields={fields}
      pending={false}
      error={error}
      onOpen={() => setError(null)}
      save={(changes) =>
        save(changes).catch((caught: Error) => {
          setError(caught);
          throw caught;
        })
      }
    />
  );
}

describe('ItemEditor', () => {
  it('sends only the changed fields, shows a refusal beside its field, and closes once saved', async () => {
    const save = vi.fn().mockRejectedValueOnce(refusal).mockResolvedValueOnce(undefined);
    const user = userEvent.setup();
    render(<Editor save={save} />);
    await user.click(screen.getByRole('button', { name: 'Edit tool' }));
    const name = screen.getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    await user.clear(name);
    await user.type(name, '{Enter}');
    expect(save).toHaveBeenLastCalledWith({ name: '' });
    await waitFor(() => expect(fieldError('Name')).toBe('Name is required'));

    await user.type(name, 'Vite 7');
    await user.clear(screen.getByLabelText('Description'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenLastCalledWith({ name: 'Vite 7', description: null });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit tool' })),
    );
  });

  it('Escape cancels and gives focus back to Edit', async () => {
    const save = vi.fn();
    const user = userEvent.setup();
    render(<Editor save={save} />);
    await user.click(screen.getByRole('button', { name: 'Edit tool' }));
    await user.type(screen.getByLabelText('Name'), ' 2{Escape}');
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit tool' }));
    expect(save).not.toHaveBeenCalled();
  });
});
