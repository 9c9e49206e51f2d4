// @vitest-environment happy-dom
// /login?flow=: the identity service sends the browser back to the login page with the flow when the flow has
// something to say. Against its answers as JSON (packages/identity/src/flows.ts flowJson): the page shows the
// flow's messages above a working form, and a signed-in user whose re-authentication was refused sees why,
// with the way back, instead of being sent on.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uiNode, stubIdentityFetch } from '@/testing/identity';
import { json } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { RedirectIfAuthenticated } from '../../guards/redirect-if-authenticated';
import { LoginRoute } from './login';

const GIVEN = '5b2f0c1e-7a41-4c5e-9a0d-3f1e2d4c6b8a';
const REFUSED =
  'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.';

/** A login flow as the identity service answers it (flowJson), with `messages` on its form. */
function flowJson(
  id: string,
  {
    refresh = false,
    returnTo,
    messages = [],
  }: { refresh?: boolean; returnTo?: string; messages?: unknown[] },
) {
  const now = new Date();
  return {
    id,
    organization_id: null,
    type: 'browser',
    expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
    issued_at: now.toISOString(),
    request_url: `${window.location.origin}/.ory/self-service/login/browser${refresh ? '?refresh=true' : ''}`,
    ...(returnTo ? { return_to: returnTo } : {}),
    ui: {
      action: `${window.location.origin}/.ory/self-service/login?flow=${id}`,
      method: 'POST',
      nodes: [
        uiNode('default', 'csrf_token', 'hidden', `csrf-of-${id}`),
        ...(refresh
          ? [uiNode('oidc', 'provider', 'submit', 'github', 'Sign in with GitHub')]
          : [
              uiNode('default', 'identifier', 'text', ''),
              uiNode('password', 'password', 'password', undefined, 'Password'),
              uiNode('password', 'method', 'submit', 'password', 'Sign in with password'),
            ]),
      ],
      ...(messages.length ? { messages } : {}),
    },
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    refresh,
    requested_aal: 'aal1',
    state: 'choose_method',
  };
}

const refusedMessage = { id: 4000006, text: REFUSED, type: 'error' };

const signedInSession = {
  id: 'session-1',
  active: true,
  expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  authenticated_at: new Date().toISOString(),
  authenticator_assurance_level: 'aal1',
  authentication_methods: [{ method: 'oidc', aal: 'aal1', completed_at: new Date().toISOString() }],
  issued_at: new Date().toISOString(),
  identity: {
    id: 'identity-1',
    schema_id: 'default',
    schema_url: `${window.location.origin}/.ory/schemas/ZGVmYXVsdA`,
    state: 'active',
    traits: { email: 'ana@example.com' },
  },
};

/**
 * The identity service: whoami (signed in or not), the flow of ?flow= (`given`, or a 404 / 410 status),
 * new login flows and their submission.
 */
function setup(path: string, { signedIn, given }: { signedIn: boolean; given: unknown }) {
  const calls = stubIdentityFetch(async (url) => {
    if (url.includes('/sessions/whoami')) {
      return signedIn ? json(signedInSession) : json({ error: { code: 401 } }, 401);
    }
    if (url.includes(`/self-service/login/flows?id=${GIVEN}`)) {
      if (given === 404) return json({ error: { code: 404, message: 'Not Found' } }, 404);
      if (given === 410) {
        return json(
          {
            error: { id: 'self_service_flow_expired', code: 410, message: 'self-service flow expired' },
            use_flow_id: 'replacement-1',
          },
          410,
        );
      }
      return json(given);
    }
    if (url.includes('/self-service/login/browser')) return json(flowJson('new-1', {}));
    if (url.includes('/self-service/login?flow=new-1')) return json({ session: signedInSession });
    return json({}, 404);
  });
  const router = renderRoutes(
    [
      {
        element: <RedirectIfAuthenticated unlessFlow />,
        children: [{ path: '/login', Component: LoginRoute }],
      },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/settings', element: <h1>Settings page</h1> },
    ],
    path,
  );
  return { calls, router, user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/login?flow=', () => {
  it("shows the flow's error above the form, and the form signs in with a flow of its own", async () => {
    const given = flowJson(GIVEN, {
      messages: [{ id: 4000001, text: 'GitHub did not grant access.', type: 'error' }],
    });
    const { calls, router, user } = setup(`/login?flow=${GIVEN}`, { signedIn: false, given });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('GitHub did not grant access.');
    // Above the fields, in the form.
    const email = screen.getByLabelText('Email');
    expect(alert.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(email, 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'Quiet-Harbor-Lantern-73');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const submitted = calls.find((call) => call.method === 'POST');
    expect(submitted?.url).toContain('/self-service/login?flow=new-1');
    expect(submitted?.body).toMatchObject({ method: 'password', csrf_token: 'csrf-of-new-1' });
  });

  it('ignores a flow that expired or is unknown: the plain login form', async () => {
    for (const given of [410, 404]) {
      setup(`/login?flow=${GIVEN}`, { signedIn: false, given });
      await screen.findByLabelText('Email');
      expect(screen.queryByRole('alert'), String(given)).toBeNull();
      screen.getByRole('button', { name: 'Login' });
      cleanup();
    }
  });

  it('shows a signed-in user why the re-authentication was refused, with the way back', async () => {
    const given = flowJson(GIVEN, {
      refresh: true,
      returnTo: `${window.location.origin}/settings?tab=account`,
      messages: [refusedMessage],
    });
    const { calls, router, user } = setup(`/login?flow=${GIVEN}`, { signedIn: true, given });

    await screen.findByRole('heading', { name: 'Could not confirm it is you' });
    expect(screen.getByRole('alert').textContent).toBe(REFUSED);
    screen.getByText(
      'You are still signed in. To confirm it is you, use the same account you signed in with.',
    );
    expect(router.state.location.pathname).toBe('/login');
    // No login form and no new flow (one would be refused: a session is already there).
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(calls.some((call) => call.url.includes('/self-service/login/browser'))).toBe(false);

    const back = screen.getByRole('link', { name: 'Go back' });
    expect(back.getAttribute('href')).toBe('/settings?tab=account');
    // Keyboard: Tab reaches the link, Enter follows it.
    await user.tab();
    expect(document.activeElement).toBe(back);
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Settings page' });
    expect(router.state.location.search).toBe('?tab=account');
  });

  it("leads back to the account settings when the flow's return_to is not a page of the app", async () => {
    const given = flowJson(GIVEN, {
      refresh: true,
      returnTo: 'https://elsewhere.example/settings',
      messages: [refusedMessage],
    });
    setup(`/login?flow=${GIVEN}`, { signedIn: true, given });
    const back = await screen.findByRole('link', { name: 'Go to account settings' });
    expect(back.getAttribute('href')).toBe('/settings?tab=account');
  });

  it('sends a signed-in user on as before when the flow has nothing to say, or there is no flow', async () => {
    const quiet = flowJson(GIVEN, { refresh: true, messages: [] });
    for (const [path, given] of [
      [`/login?flow=${GIVEN}`, quiet],
      [`/login?flow=${GIVEN}`, 404],
      ['/login', quiet],
    ] as const) {
      const { router } = setup(path, { signedIn: true, given });
      await screen.findByRole('heading', { name: 'Dashboard page' });
      expect(router.state.location.pathname, path).toBe('/dashboard');
      cleanup();
    }
  });
});
