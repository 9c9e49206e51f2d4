// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/testing/api';
import { json } from '@/testing/fixtures';
import { UserPicker } from './user-picker';

const user = (id: number, username: string, display_name: string | null = null) => ({
  user_id: `00000000-0000-4000-8000-00000000000${id}`,
  username,
  display_name,
  avatar_url: null,
});
const users = [user(1, 'ana', 'Ana Lima'), user(2, 'anabel'), user(3, 'anouk')];

function setup(excluded: string[] = []) {
  const calls = stubApi(({ url }) => {
    const q = url.searchParams.get('q') ?? '';
    return json(users.filter((candidate) => candidate.username.startsWith(q)));
  });
  const onSubmit = vi.fn();
  function Form() {
    const [value, setValue] = useState('');
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(value);
        }}
      >
        <UserPicker
          label="Add member by username"
          value={value}
          onChange={setValue}
          excludeIds={new Set(excluded)}
        />
      </form>
    );
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Form />
    </QueryClientProvider>,
  );
  return { calls, onSubmit, input: screen.getByRole('combobox', { name: 'Add member by username' }) };
}

describe('UserPicker', () => {
  it('suggests users by prefix; arrows move, Enter takes the suggestion without submitting', async () => {
    const { input, onSubmit } = setup();
    const typing = userEvent.setup();
    await typing.type(input, 'An');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['@anaAna Lima', '@anabel', '@anouk']);
    expect(input.getAttribute('aria-expanded')).toBe('true');

    await typing.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: '@anabel' }).getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: '@anabel' }).id,
    );
    await typing.keyboard('{ArrowUp}{ArrowUp}');
    // Wraps around from the first to the last.
    expect(screen.getByRole('option', { name: '@anouk' }).getAttribute('aria-selected')).toBe('true');
    await typing.keyboard('{Enter}');
    expect((input as HTMLInputElement).value).toBe('anouk');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(onSubmit).not.toHaveBeenCalled();

    await typing.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('anouk');
  });

  it('closes on Escape, leaves out excluded users, and submits a typed username as it is', async () => {
    const { input, onSubmit, calls } = setup([users[0]?.user_id ?? '']);
    const typing = userEvent.setup();
    await typing.type(input, 'ana');
    await screen.findByRole('option', { name: '@anabel' });
    expect(screen.queryByRole('option', { name: /@ana\b/ })).toBeNull();
    await typing.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await typing.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('ana');

    // Text no username can hold is never searched.
    const searched = calls.length;
    await typing.clear(input);
    await typing.type(input, 'a-b');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await waitFor(() => expect(calls.slice(searched)).toEqual([]));
  });
});
