// Recovery by code, the privileged settings flow it hands over to, and settings' own rules.
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { identitySessions } from '@stackyard/db/schema';
import { codeOf, createUser, csrfOf, failure, frontendApi, signInBrowser } from './testing.ts';
import { it } from './testing/fixtures.ts';

describe('recovery', () => {
  it('mails a code, signs the user in with it and hands over to a settings flow that sets a new password', async ({
    server,
    smtp,
  }) => {
    await createUser(server, 'barbara@example.com', 'forgotten passphrase 1');
    const { api } = frontendApi(server.basePath);
    const flow = await api.createBrowserRecoveryFlow();
    const sent = await api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email: 'Barbara@example.com', csrf_token: csrfOf(flow) },
    });
    expect(sent.state).toBe('sent_email');
    expect(sent.ui.messages?.[0]?.id).toBe(1060003);

    const wrong = await api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', code: '12345', csrf_token: csrfOf(flow) },
    });
    expect(wrong.ui.messages?.map((message) => message.id)).toEqual([4060006]);

    const code = codeOf(await smtp.waitForMail('barbara@example.com'));
    const handover = await failure(
      api.updateRecoveryFlow({
        flow: flow.id,
        updateRecoveryFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) },
      }),
    );
    expect(handover.status).toBe(422);
    expect(handover.body.error).toMatchObject({ id: 'browser_location_change_required' });
    const settingsUrl = new URL(String(handover.body.redirect_browser_to));
    expect(settingsUrl.pathname).toBe('/settings');

    const settings = await api.getSettingsFlow({ id: String(settingsUrl.searchParams.get('flow')) });
    expect(settings.identity.traits).toEqual({ email: 'barbara@example.com' });
    const saved = await api.updateSettingsFlow({
      flow: settings.id,
      updateSettingsFlowBody: {
        method: 'password',
        password: 'a brand new passphrase',
        csrf_token: csrfOf(settings),
      },
    });
    expect(saved.state).toBe('success');
    expect(saved.ui.messages?.[0]).toMatchObject({ id: 1050001, type: 'success' });

    const again = await signInBrowser(server, 'barbara@example.com', 'a brand new passphrase');
    expect((await again.api.toSession()).identity?.traits).toEqual({ email: 'barbara@example.com' });
  });

  it('answers an unknown address as if a code was sent, and sends none', async ({
    smtp,
    browser: { api },
  }) => {
    const flow = await api.createBrowserRecoveryFlow();
    const sent = await api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email: 'nobody-here@example.com', csrf_token: csrfOf(flow) },
    });
    expect(sent.state).toBe('sent_email');
    expect(smtp.mails.some((mail) => mail.to === 'nobody-here@example.com')).toBe(false);
  });
});

describe('settings', () => {
  it('needs a session (401)', async ({ browser: { api } }) => {
    expect((await failure(api.createBrowserSettingsFlow())).status).toBe(401);
  });

  it('asks for a fresh login before changing the password (403 session_refresh_required)', async ({
    server,
  }) => {
    const identityId = await createUser(server, 'katherine@example.com', 'original passphrase 9');
    const { api } = await signInBrowser(server, 'katherine@example.com', 'original passphrase 9');
    await server.db.db
      .update(identitySessions)
      .set({ authenticatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(identitySessions.identityId, identityId));
    const flow = await api.createBrowserSettingsFlow();
    const stale = await failure(
      api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: {
          method: 'password',
          password: 'replacement passphrase',
          csrf_token: csrfOf(flow),
        },
      }),
    );
    expect(stale.status).toBe(403);
    expect(stale.body.error).toMatchObject({ id: 'session_refresh_required' });
    expect(String(stale.body.redirect_browser_to)).toContain('/self-service/login/browser?refresh=true');

    // Re-authenticating (login with refresh=true) renews the session; then the change goes through.
    const refresh = await api.createBrowserLoginFlow({ refresh: true });
    expect(refresh.refresh).toBe(true);
    await api.updateLoginFlow({
      flow: refresh.id,
      updateLoginFlowBody: {
        method: 'password',
        identifier: 'katherine@example.com',
        password: 'original passphrase 9',
        csrf_token: csrfOf(refresh),
      },
    });
    const saved = await api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'password',
        password: 'replacement passphrase',
        csrf_token: csrfOf(flow),
      },
    });
    expect(saved.state).toBe('success');
  });

  it('applies the password policy and changes the e-mail trait, which then needs verifying', async ({
    server,
    smtp,
  }) => {
    await createUser(server, 'annie@example.com', 'first passphrase 77');
    const { api } = await signInBrowser(server, 'annie@example.com', 'first passphrase 77');
    const flow = await api.createBrowserSettingsFlow();
    const weak = await failure(
      api.updateSettingsFlow({
        flow: flow.id,
        updateSettingsFlowBody: { method: 'password', password: 'qwerty123', csrf_token: csrfOf(flow) },
      }),
    );
    expect(weak.status).toBe(400);

    const saved = await api.updateSettingsFlow({
      flow: flow.id,
      updateSettingsFlowBody: {
        method: 'profile',
        traits: { email: 'annie.easley@example.com' },
        csrf_token: csrfOf(flow),
      },
    });
    expect(saved.state).toBe('success');
    const session = await api.toSession();
    expect(session.identity?.traits).toEqual({ email: 'annie.easley@example.com' });
    expect(session.identity?.verifiable_addresses?.[0]).toMatchObject({
      value: 'annie.easley@example.com',
      verified: false,
    });
    await smtp.waitForMail('annie.easley@example.com');
  });
});
