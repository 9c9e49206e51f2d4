// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { fieldError } from '@/testing/form';
import { checkedRequest, useCheckedForm } from './use-checked-form';

const namesSchema = z.strictObject({ names: z.array(z.string().trim().min(1, 'Name it')) });
type Names = { names: string[] };

function NamesForm({ onValid }: { onValid: (request: Names) => void }) {
  const form = useCheckedForm(
    checkedRequest(namesSchema, (values: Names) => values),
    { names: ['Ana', ''] },
  );
  return (
    <form noValidate onSubmit={form.handleSubmit(async (request) => onValid(request))}>
      {form.values.names.map((_, index) => (
        <FormField key={index} label={`Name ${index + 1}`} error={form.errors[`names.${index}`]}>
          <Input {...form.item('names', index)} />
        </FormField>
      ))}
      <button type="submit">Save</button>
    </form>
  );
}

describe('useCheckedForm', () => {
  it("keeps a list entry's message at that entry, and sends the request as built, not as checked", async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<NamesForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fieldError('Name 1')).toBeNull();
    expect(fieldError('Name 2')).toBe('Name it');
    expect(document.activeElement).toBe(screen.getByLabelText('Name 2'));
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name 2'), ' Bo ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fieldError('Name 2')).toBeNull();
    expect(onValid).toHaveBeenCalledWith({ names: ['Ana', ' Bo '] });
  });
});
