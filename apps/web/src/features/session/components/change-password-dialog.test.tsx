// @vitest-environment happy-dom
// The re-authentication step of Change password, against the identity service's answers as JSON: an account
// that signs in only with GitHub confirms itself with GitHub, one with a password types it.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { uiNode, stubIdentityFetch } from '@/testing/identity';
import { json } from '@/testing/fixtures';
import { ChangePasswordDialog } from './change-password-dialog';
import { fieldError } from '@/testing/form';

const csrf = uiNode('default', 'csrf_token', 'hidden', 'masked-csrf');
const flow = (id: string, nodes: unknown[]) => ({
  id,
  type: 'browser',
  state: 'choose_method',
  refresh: true,
  ui: { action: `/.ory/self-service/login?flow=${id}`, method: 'POST', nodes: [csrf, ...nodes] },
});

const githubOnly = [uiNode('oidc', 'provider', 'submit', 'github', 'Sign in with GitHub')];
const withPassword = [
  uiNode('default', 'identifier', 'hidden', 'ana@example.com'),
  uiNode('password', 'password', 'password', undefined, 'Password'),
  uiNode('password', 'method', 'submit', 'password', 'Sign in with password'),
];

/** The identity service as the dialog meets it: the change needs a fresh sign-in until one was made. */
function setup(refreshNodes: unknown[], loginAnswer: () => Response) {
  let confirmed = false;
  const calls = stubIdentityFetch(async (url) => {
    if (url.includes('/self-service/settings/browser')) return json(flow('settings-1', []));
    if (url.includes('/self-service/settings?flow=')) {
      return confirmed
        ? json({ ...flow('settings-1', []), state: 'success' })
        : json({ error: { id: 'session_refresh_required', code: 403 } }, 403);
    }
    if (url.includes('/self-service/login/browser')) return json(flow('refresh-1', refreshNodes));
    if (url.includes('/self-service/login?flow=refresh-1')) {
      const answer = loginAnswer();
      confirmed = answer.ok;
      return answer;
    }
    return json({}, 404);
  });
  const onChanged = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ChangePasswordDialog open email="ana@example.com" onClose={() => {}} onChanged={onChanged} />
    </QueryClientProvider>,
  );
  return { calls, onChanged, user: userEvent.setup() };
}

async function submitNewPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('New password'), 'Amber-Kettle-Orchard-58');
  await user.type(screen.getByLabelText('Confirm new password'), 'Amber-Kettle-Orchard-58');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

let assign: Mock<(url: string | URL) => void>;

beforeEach(() => {
  window.history.replaceState(null, '', '/settings?tab=account');
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ChangePasswordDialog re-authentication', () => {
  it('offers an account without a password its GitHub sign-in, back to this page', async () => {
    const github = 'https://github.example/login/oauth/authorize?state=abc';
    const { calls, user } = setup(githubOnly, () =>
      json({ error: { id: 'browser_location_change_required' }, redirect_browser_to: github }, 422),
    );
    await submitNewPassword(user);

    const again = await screen.findByRole('button', { name: 'Sign in with GitHub again' });
    screen.getByText('Please confirm this action by verifying that it is you.');
    screen.getByText('You will come back to this page, signed in again, and can then set your password.');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    const created = new URL(String(calls.find((call) => call.url.includes('/login/browser'))?.url));
    expect(created.searchParams.get('refresh')).toBe('true');
    expect(created.searchParams.get('return_to')).toBe(window.location.href);
    expect(created.searchParams.get('return_to')).toMatch(/\/settings\?tab=account$/);

    // Keyboard: the button has the focus, Enter starts the provider's sign-in.
    expect(document.activeElement).toBe(again);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(github));
    const submitted = calls.find((call) => call.method === 'POST' && call.url.includes('login?flow='));
    expect(submitted?.body).toEqual({ method: 'oidc', provider: 'github', csrf_token: 'masked-csrf' });
    expect(screen.getByRole('button', { name: 'Redirecting…' })).toHaveProperty('disabled', true);
  });

  it('says so when the provider sign-in cannot start, and lets the user try again', async () => {
    const { user } = setup(githubOnly, () => json({ error: { code: 500 } }, 500));
    await submitNewPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Sign in with GitHub again' }));
    await screen.findByText('Could not change the password. Please try again.');
    expect(screen.getByRole('button', { name: 'Sign in with GitHub again' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks an account with a password for it, on the same refresh flow, then saves', async () => {
    const { calls, onChanged, user } = setup(withPassword, () => json({ session: {} }));
    await submitNewPassword(user);
    await user.type(await screen.findByLabelText('Current password'), 'Quiet-Harbor-Lantern-73');
    expect(screen.queryByRole('button', { name: /again$/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm and save' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const submitted = calls.find((call) => call.method === 'POST' && call.url.includes('login?flow='));
    expect(submitted?.body).toMatchObject({ method: 'password', identifier: 'ana@example.com' });
  });
});

describe('ChangePasswordDialog checks', () => {
  it('tells an empty new password and a different repeat at once, focusing the first, and sends nothing', async () => {
    const { calls, user } = setup(withPassword, () => json({}));
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(fieldError('New password')).toBe('Enter a new password.');
    expect(fieldError('Confirm new password')).toBe('The passwords do not match.');
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));
    expect(calls.filter((call) => call.url.includes('/self-service/settings?flow='))).toHaveLength(0);
  });

  it('asks for the current password before confirming with it', async () => {
    const { user } = setup(withPassword, () => json({}));
    await submitNewPassword(user);
    const current = await screen.findByLabelText('Current password');
    await user.click(screen.getByRole('button', { name: 'Confirm and save' }));
    expect(fieldError('Current password')).toBe('Enter your current password.');
    expect(document.activeElement).toBe(current);
  });
});
