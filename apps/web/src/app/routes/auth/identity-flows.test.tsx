// @vitest-environment happy-dom
// The sign-in pages against the identity service's answers (as JSON, through a stubbed fetch): what every
// flow shares — a flow that expired is replaced by a new one, a 400 flow's messages land on their field and
// above the form, continue_with leads to the verification page, a session already there counts as signed in.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { requestLine, stubApi, type ApiAnswer } from '@/testing/api';
import { json } from '@/testing/fixtures';
import { uiNode } from '@/testing/identity';
import { renderRoutes } from '@/testing/render';
import { LoginRoute } from './login';
import { RecoveryRoute } from './recovery';
import { RegisterRoute } from './register';
import { VerifyRoute } from './verify';

/** A browser flow as the identity service answers it; `nodes` add to its CSRF token. */
const flowJson = (id: string, nodes: unknown[] = [], extra: Record<string, unknown> = {}) => ({
  id,
  type: 'browser',
  state: 'choose_method',
  ui: { action: `/.ory/self-service/x?flow=${id}`, method: 'POST', nodes: [csrf(id), ...nodes] },
  ...extra,
});
const csrf = (id: string) => uiNode('default', 'csrf_token', 'hidden', `csrf-of-${id}`);

const expired = () =>
  json({ error: { id: 'self_service_flow_expired', code: 410, message: 'self-service flow expired' } }, 410);

function VerifyPageStandIn() {
  const [params] = useSearchParams();
  return <h1>Verify {params.get('flow')}</h1>;
}

function setup(path: string, answer: ApiAnswer, verifyPage = <VerifyPageStandIn />) {
  const calls = stubApi(answer);
  const router = renderRoutes(
    [
      { path: '/login', Component: LoginRoute },
      { path: '/register', Component: RegisterRoute },
      { path: '/recovery', Component: RecoveryRoute },
      { path: '/verify', element: verifyPage },
      { path: '/', element: <h1>Home page</h1> },
    ],
    path,
  );
  return { calls, router, user: userEvent.setup() };
}

async function fillCredentials(user: ReturnType<typeof userEvent.setup>, submit: string) {
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'Quiet-Harbor-Lantern-73');
  await user.click(screen.getByRole('button', { name: submit }));
}

describe('the identity flows', () => {
  it('replaces a login flow that expired with a new one and signs in with it', async () => {
    let created = 0;
    const { calls, router, user } = setup('/login', ({ url }) => {
      if (url.pathname.endsWith('/self-service/login/browser')) return json(flowJson(`login-${++created}`));
      if (url.searchParams.get('flow') === 'login-1') return expired();
      if (url.searchParams.get('flow') === 'login-2') return json({ session: { id: 's-1' } });
      return json({ error: { code: 401 } }, 401);
    });
    await waitFor(() => expect(created).toBe(1));
    await fillCredentials(user, 'Login');
    await screen.findByRole('heading', { name: 'Home page' });
    expect(router.state.location.pathname).toBe('/');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.url.searchParams.get('flow'))).toEqual(['login-1', 'login-2']);
    expect(posts[1]?.body).toMatchObject({ method: 'password', csrf_token: 'csrf-of-login-2' });
  });

  it('counts a session already there as signed in', async () => {
    const { calls, user } = setup('/login', ({ url }) => {
      if (url.pathname.endsWith('/self-service/login/browser')) {
        return json(
          { error: { id: 'session_already_available', code: 400, reason: 'A valid session was detected.' } },
          400,
        );
      }
      return json({ error: { code: 401 } }, 401);
    });
    await fillCredentials(user, 'Login');
    await screen.findByRole('heading', { name: 'Home page' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows a 400 flow's password message next to the field and the rest above the form", async () => {
    const tooShort = 'The password can not be used because it is too short.';
    const { user } = setup('/register', ({ url }) => {
      if (url.pathname.endsWith('/self-service/registration/browser')) return json(flowJson('reg-1'));
      const password = {
        ...uiNode('password', 'password', 'password', undefined),
        messages: [] as unknown[],
      };
      password.messages = [{ id: 4000005, text: tooShort, type: 'error' }];
      return json(
        flowJson('reg-1', [password], {
          ui: {
            action: '',
            method: 'POST',
            nodes: [csrf('reg-1'), password],
            messages: [{ id: 4000001, text: 'Check the form.', type: 'error' }],
          },
        }),
        400,
      );
    });
    await fillCredentials(user, 'Sign Up');
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Registration failed',
      'Check the form.',
    ]);
    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    screen.getByText(tooShort);
    expect(alert.textContent).not.toContain(tooShort);
  });

  it('continues a registration with the verification flow it names, after replacing an expired flow', async () => {
    let created = 0;
    const { calls, user } = setup('/register', ({ url }) => {
      if (url.pathname.endsWith('/self-service/registration/browser'))
        return json(flowJson(`reg-${++created}`));
      if (url.searchParams.get('flow') === 'reg-1') return expired();
      return json({
        identity: { id: 'identity-1' },
        continue_with: [
          { action: 'show_verification_ui', flow: { id: 'verify-1', verifiable_address: 'a' } },
        ],
      });
    });
    await fillCredentials(user, 'Sign Up');
    await screen.findByRole('heading', { name: 'Verify verify-1' });
    expect(calls.filter((call) => call.method === 'POST').map(requestLine)).toEqual([
      'POST /.ory/self-service/registration',
      'POST /.ory/self-service/registration',
    ]);
  });

  it('verifies the code: a wrong one shows why, the right one says the address is verified', async () => {
    const { calls, user } = setup(
      '/verify?flow=verify-1',
      ({ url, body }) => {
        if (url.pathname.endsWith('/self-service/verification/flows')) return json(flowJson('verify-1'));
        const right = (body as { code?: string }).code === '123456';
        return json(
          flowJson('verify-1', [], {
            state: right ? 'passed_challenge' : 'sent_email',
            ui: {
              action: '',
              method: 'POST',
              nodes: [csrf('verify-1')],
              messages: right
                ? []
                : [{ id: 4070006, text: 'The verification code is invalid.', type: 'error' }],
            },
          }),
        );
      },
      <VerifyRoute />,
    );
    const code = await screen.findByLabelText('Verification code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The verification code is invalid.');
    await user.clear(code);
    await user.type(code, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Email Verified!' });
    expect(calls.at(-1)?.body).toMatchObject({
      method: 'code',
      code: '123456',
      csrf_token: 'csrf-of-verify-1',
    });
  });

  it('goes from the recovery code to the new password through the settings flow of the 422', async () => {
    const { calls, router, user } = setup('/recovery', ({ url, method }) => {
      const path = url.pathname;
      if (path.endsWith('/self-service/recovery/browser')) return json(flowJson('rec-1'));
      if (path.endsWith('/self-service/recovery') && calls.filter((c) => c.method === method).length === 1) {
        return json(flowJson('rec-1', [], { state: 'sent_email' }));
      }
      if (path.endsWith('/self-service/recovery')) {
        return json(
          {
            error: { id: 'browser_location_change_required', code: 422 },
            redirect_browser_to: `${window.location.origin}/settings?flow=settings-1`,
          },
          422,
        );
      }
      if (path.endsWith('/self-service/settings/flows')) return json(flowJson('settings-1'));
      if (path.endsWith('/self-service/settings'))
        return json(flowJson('settings-1', [], { state: 'success' }));
      return json({ error: { code: 401 } }, 401);
    });
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send recovery code' }));
    await user.type(await screen.findByLabelText('Recovery code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('New password'), 'Amber-Kettle-Orchard-58');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(router.state.location.pathname).toBe('/');
    expect(calls.at(-1)?.url.searchParams.get('flow')).toBe('settings-1');
    expect(calls.at(-1)?.body).toMatchObject({ method: 'password', csrf_token: 'csrf-of-settings-1' });
  });
});
