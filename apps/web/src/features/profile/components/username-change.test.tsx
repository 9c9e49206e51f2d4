// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { problem, stubApi } from '@/testing/api';
import { json } from '@/testing/fixtures';
import { UsernameChange } from './username-change';

function setup(route: (path: string) => Response) {
  const calls = stubApi(({ url }) => route(url.pathname));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UsernameChange current="ana" />
    </QueryClientProvider>,
  );
  const checks = () => calls.filter((call) => call.url.pathname.includes('/username/check/'));
  return { calls, checks, user: userEvent.setup() };
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Change username' }));
  return screen.getByLabelText('New username');
}

describe('UsernameChange', () => {
  it('checks availability once, 500 ms after typing stops, and saves', async () => {
    const { user, checks, calls } = setup((url) =>
      url.includes('/check/')
        ? json({ available: true })
        : json({
            identity_id: '00000000-0000-4000-8000-000000000001',
            username: 'new_name',
            is_current: true,
            created_at: '2025-01-01T00:00:00Z',
            updated_at: '2025-01-01T00:00:00Z',
          }),
    );
    const input = await open(user);
    await user.type(input, 'New_Name');
    expect((input as HTMLInputElement).value).toBe('new_name');
    expect(checks()).toHaveLength(0);
    await screen.findByText('Username is available', {}, { timeout: 2000 });
    expect(checks()).toHaveLength(1);
    expect(checks()[0]?.url.pathname).toBe('/api/v1/profile/username/check/new_name');

    await user.click(screen.getByRole('button', { name: 'Save username' }));
    await screen.findByText('Username updated successfully!');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ username: 'new_name' });
  });

  it('shows the local rules without asking the server', async () => {
    const { user, checks } = setup(() => json({ available: true }));
    const input = await open(user);
    await user.type(input, 'ab');
    await screen.findByText('Username must be at least 3 characters', {}, { timeout: 2000 });
    await user.clear(input);
    await user.type(input, 'ana');
    await screen.findByText('This is already your current username', {}, { timeout: 2000 });
    await user.clear(input);
    await user.type(input, 'ana-maria');
    await screen.findByText(
      'Username must contain only lowercase letters, numbers, and underscores',
      {},
      { timeout: 2000 },
    );
    expect(checks()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save username' })).toHaveProperty('disabled', true);
  });

  it('says when the name is not available, or when the check failed', async () => {
    const { user } = setup((url) =>
      url.endsWith('/taken_one') ? json({ available: false }) : json({ title: 'Error', status: 500 }, 500),
    );
    const input = await open(user);
    await user.type(input, 'taken_one');
    await screen.findByText('Username is not available', {}, { timeout: 2000 });
    await user.clear(input);
    await user.type(input, 'broken_one');
    await screen.findByText('Failed to check username availability', {}, { timeout: 2000 });
  });

  it("prefers the server's detail when saving fails", async () => {
    const { user } = setup((url) =>
      url.includes('/check/') ? json({ available: true }) : problem(409, 'Conflict', 'Someone just took it.'),
    );
    const input = await open(user);
    await user.type(input, 'fresh_name');
    await screen.findByText('Username is available', {}, { timeout: 2000 });
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Someone just took it.'));
  });
});

describe('UsernameChange without a problem detail', () => {
  it("falls back to 'Failed to update username'", async () => {
    const { user } = setup((url) => (url.includes('/check/') ? json({ available: true }) : json({}, 502)));
    const input = await open(user);
    await user.type(input, 'other_name');
    await screen.findByText('Username is available', {}, { timeout: 2000 });
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to update username'));
  });
});
