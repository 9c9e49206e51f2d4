// The whole life of an account, driven through @ory/client-fetch exactly as the SPA does, with the mails
// caught by a real SMTP server.
import { describe, expect } from 'vitest';
import { createTokenVerifier } from './verify-token.ts';
import { codeOf, csrfOf, failure, frontendApi } from './testing.ts';
import { it } from './testing/fixtures.ts';

describe('sign-up to sign-out through the SDK', () => {
  it('registers, verifies by the mailed code, logs in, tokenizes, manages sessions and logs out', async ({
    server,
    smtp,
  }) => {
    const email = 'Ada@Example.com';
    const password = 'correct horse battery staple';
    const { api } = frontendApi(server.basePath);

    // Registration: one step, no session, continue_with show_verification_ui.
    const registration = await api.createBrowserRegistrationFlow();
    expect(registration.ui.action).toBe(
      `${server.basePath}/self-service/registration?flow=${registration.id}`,
    );
    const registered = await api.updateRegistrationFlow({
      flow: registration.id,
      updateRegistrationFlowBody: {
        method: 'password',
        traits: { email },
        password,
        csrf_token: csrfOf(registration),
      },
    });
    expect(registered.session).toBeUndefined();
    expect(registered.identity.traits).toEqual({ email: 'ada@example.com' });
    expect(registered.identity.verifiable_addresses?.[0]).toMatchObject({ verified: false, via: 'email' });
    const next = registered.continue_with?.[0];
    if (next?.action !== 'show_verification_ui') throw new Error('expected show_verification_ui');
    expect(next.flow.verifiable_address).toBe('ada@example.com');
    expect(next.flow.url).toBe(`${server.origin}/verify?flow=${next.flow.id}`);
    expect((await failure(api.toSession())).status).toBe(401);

    // Unverified: the right password still does not sign in.
    const early = await api.createBrowserLoginFlow();
    const unverified = await failure(
      api.updateLoginFlow({
        flow: early.id,
        updateLoginFlowBody: { method: 'password', identifier: email, password, csrf_token: csrfOf(early) },
      }),
    );
    expect(unverified.status).toBe(400);
    expect(unverified.body).toMatchObject({ ui: { messages: [{ id: 4000010 }] } });

    // Verification: the code from the mail.
    const mail = await smtp.waitForMail('ada@example.com');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw).toContain('Content-Type: text/plain');
    const verification = await api.getVerificationFlow({ id: next.flow.id });
    expect(verification.state).toBe('sent_email');
    const verified = await api.updateVerificationFlow({
      flow: verification.id,
      updateVerificationFlowBody: { method: 'code', code: codeOf(mail), csrf_token: csrfOf(verification) },
    });
    expect(verified.state).toBe('passed_challenge');
    expect(verified.ui.messages).toEqual([expect.objectContaining({ id: 1080002, type: 'success' })]);
    expect(
      verified.ui.nodes.some(
        (node) => node.type === 'a' && (node.attributes as { id?: string }).id === 'continue',
      ),
    ).toBe(true);

    // A second device signs in first, so there is another session to list and end.
    const other = frontendApi(server.basePath);
    const otherFlow = await other.api.createBrowserLoginFlow();
    await other.api.updateLoginFlow({
      flow: otherFlow.id,
      updateLoginFlowBody: { method: 'password', identifier: email, password, csrf_token: csrfOf(otherFlow) },
    });

    // Login: identifier trimmed and case-insensitive.
    const login = await api.createBrowserLoginFlow();
    const loggedIn = await api.updateLoginFlow({
      flow: login.id,
      updateLoginFlowBody: {
        method: 'password',
        identifier: '  ADA@example.COM ',
        password,
        csrf_token: csrfOf(login),
      },
    });
    expect(loggedIn.session.identity?.traits).toEqual({ email: 'ada@example.com' });
    expect(loggedIn.continue_with?.[0]).toMatchObject({ action: 'redirect_browser_to' });

    // whoami with the product's template: a JWT the product API's verifier accepts.
    const session = await api.toSession({ tokenizeAs: server.config.tokenizeTemplate });
    expect(session.id).toBe(loggedIn.session.id);
    expect(session.identity?.verifiable_addresses?.[0]?.verified).toBe(true);
    if (!session.tokenized) throw new Error('no tokenized JWT');
    const verify = createTokenVerifier({
      jwksUrl: `${server.basePath}/.well-known/jwks.json`,
      issuer: server.basePath,
    });
    const token = await verify(session.tokenized);
    expect(token).toMatchObject({ sub: session.identity?.id, sid: session.id, email: 'ada@example.com' });
    expect(token.claims.exp).toBe(Number(token.claims.iat) + 600);
    expect(typeof token.claims.jti).toBe('string');
    expect((await failure(api.toSession({ tokenizeAs: 'nope' }))).status).toBe(400);

    // Sessions: the other device is listed (the current one is not), then signed out.
    const sessions = await api.listMySessions();
    expect(sessions.map((entry) => entry.id)).not.toContain(session.id);
    expect(sessions).toHaveLength(1);
    expect(await api.disableMyOtherSessions()).toEqual({ count: 1 });
    expect(await api.listMySessions()).toEqual([]);
    expect((await failure(other.api.toSession())).status).toBe(401);

    // Logout.
    const logout = await api.createBrowserLogoutFlow();
    expect(logout.logout_url).toContain(`${server.basePath}/self-service/logout?token=`);
    await api.updateLogoutFlow({ token: logout.logout_token });
    const after = await failure(api.toSession());
    expect(after).toEqual({
      status: 401,
      body: {
        error: expect.objectContaining({
          code: 401,
          status: 'Unauthorized',
          reason: 'No valid session credentials found in the request.',
          message: 'The request could not be authorized',
        }),
      },
    });
  });
});
