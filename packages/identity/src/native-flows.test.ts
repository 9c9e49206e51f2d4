// The API (native) flows as a native app or command line drives them with the official SDK: a session token
// from the API login flow, then settings, recovery and verification flows without cookies or CSRF tokens.
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { Configuration, FrontendApi, type ContinueWith, type UiNodeInputAttributes } from '@ory/client-fetch';
import { identitySessions } from '@stackyard/db/schema';
import { codeOf, createUser, failure, type IdentityTestServer } from './testing.ts';
import { it } from './testing/fixtures.ts';

/** A native client: no cookies, JSON only, its own User-Agent. */
function nativeApi(server: IdentityTestServer, userAgent = 'stackyard-cli/1.0 (Linux x86_64)') {
  return new FrontendApi(
    new Configuration({
      basePath: server.basePath,
      headers: { Accept: 'application/json', 'User-Agent': userAgent },
    }),
  );
}

async function nativeLogin(
  server: IdentityTestServer,
  email: string,
  password: string,
  api = nativeApi(server),
) {
  const flow = await api.createNativeLoginFlow();
  const result = await api.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: { method: 'password', identifier: email, password },
  });
  if (!result.session_token) throw new Error('the API login flow answered no session token');
  return { api, token: result.session_token, sessionId: result.session.id };
}

function nodeMessages(flow: {
  ui: { nodes: Array<{ attributes: unknown; messages: Array<{ id: number }> }> };
}) {
  return flow.ui.nodes.flatMap((node) =>
    node.messages.map((message) => ({
      name: (node.attributes as Partial<UiNodeInputAttributes>).name,
      id: message.id,
    })),
  );
}

async function makeSessionOld(server: IdentityTestServer, sessionId: string): Promise<void> {
  await server.db.db
    .update(identitySessions)
    .set({ authenticatedAt: new Date(Date.now() - 3600_000) })
    .where(eq(identitySessions.id, sessionId));
}

describe('settings (API flow)', () => {
  it('changes the password with the session token, keeps that session and ends the others', async ({
    server,
  }) => {
    await createUser(server, 'grace@example.com', 'compiler passphrase 1');
    const { api, token } = await nativeLogin(server, 'grace@example.com', 'compiler passphrase 1');
    const other = await nativeLogin(server, 'grace@example.com', 'compiler passphrase 1');

    const flow = await api.createNativeSettingsFlow({ xSessionToken: token });
    expect(flow.type).toBe('api');
    expect(flow.identity.traits).toEqual({ email: 'grace@example.com' });
    const csrf = flow.ui.nodes.find(
      (node) => (node.attributes as Partial<UiNodeInputAttributes>).name === 'csrf_token',
    );
    expect((csrf?.attributes as Partial<UiNodeInputAttributes>).value).toBe('');

    const saved = await api.updateSettingsFlow({
      flow: flow.id,
      xSessionToken: token,
      updateSettingsFlowBody: { method: 'password', password: 'a much better passphrase' },
    });
    expect(saved.state).toBe('success');
    expect(saved.ui.messages?.[0]).toMatchObject({
      id: 1050001,
      text: 'Your changes have been saved!',
      type: 'success',
    });

    expect((await api.toSession({ xSessionToken: token })).active).toBe(true);
    expect((await failure(api.toSession({ xSessionToken: other.token }))).status).toBe(401);
    await nativeLogin(server, 'grace@example.com', 'a much better passphrase');
    const old = await failure(nativeLogin(server, 'grace@example.com', 'compiler passphrase 1'));
    expect(old.status).toBe(400);
  });

  it('refuses a short or too common password with the policy messages', async ({ server }) => {
    await createUser(server, 'ada@example.com', 'analytical engine 42');
    const { api, token } = await nativeLogin(server, 'ada@example.com', 'analytical engine 42');
    const flow = await api.createNativeSettingsFlow({ xSessionToken: token });

    const short = await failure(
      api.updateSettingsFlow({
        flow: flow.id,
        xSessionToken: token,
        updateSettingsFlowBody: { method: 'password', password: 'abc12' },
      }),
    );
    expect(short.status).toBe(400);
    const shortFlow = short.body as unknown as Parameters<typeof nodeMessages>[0];
    expect(nodeMessages(shortFlow)).toEqual([{ name: 'password', id: 4000032 }]);
    expect(JSON.stringify(short.body)).toContain(
      'The password must be at least 8 characters long, but got 5.',
    );

    const common = await failure(
      api.updateSettingsFlow({
        flow: flow.id,
        xSessionToken: token,
        updateSettingsFlowBody: { method: 'password', password: 'password123' },
      }),
    );
    expect(nodeMessages(common.body as unknown as Parameters<typeof nodeMessages>[0])).toEqual([
      { name: 'password', id: 4000034 },
    ]);
    // Nothing changed: the old password still signs in.
    await nativeLogin(server, 'ada@example.com', 'analytical engine 42');
  });

  it('needs a session token (401) and refuses another identity’s flow', async ({ server }) => {
    const api = nativeApi(server);
    expect((await failure(api.createNativeSettingsFlow())).status).toBe(401);
    await createUser(server, 'mallory@example.com', 'not a nice person 3');
    await createUser(server, 'alice@example.com', 'alice in wonderland 7');
    const mallory = await nativeLogin(server, 'mallory@example.com', 'not a nice person 3');
    const alice = await nativeLogin(server, 'alice@example.com', 'alice in wonderland 7');
    const flow = await alice.api.createNativeSettingsFlow({ xSessionToken: alice.token });
    const stolen = await failure(
      api.updateSettingsFlow({
        flow: flow.id,
        xSessionToken: mallory.token,
        updateSettingsFlowBody: { method: 'password', password: 'mallory owns this now' },
      }),
    );
    expect(stolen.status).toBe(403);
    expect(stolen.body.error).toMatchObject({ id: 'security_identity_mismatch' });
  });

  it('asks an old session to sign in again; a refresh login renews the same session token', async ({
    server,
  }) => {
    await createUser(server, 'margaret@example.com', 'apollo guidance 11');
    const { api, token, sessionId } = await nativeLogin(server, 'margaret@example.com', 'apollo guidance 11');
    await makeSessionOld(server, sessionId);
    const flow = await api.createNativeSettingsFlow({ xSessionToken: token });
    const change = () =>
      api.updateSettingsFlow({
        flow: flow.id,
        xSessionToken: token,
        updateSettingsFlowBody: { method: 'password', password: 'lunar module pilot' },
      });
    const stale = await failure(change());
    expect(stale.status).toBe(403);
    expect(stale.body.error).toMatchObject({ id: 'session_refresh_required', code: 403 });
    // A native app has no browser to send: it makes an API login flow with refresh=true itself.
    expect(stale.body.redirect_browser_to).toBeUndefined();

    const refresh = await api.createNativeLoginFlow({ refresh: true, xSessionToken: token });
    expect(refresh.refresh).toBe(true);
    const identifier = refresh.ui.nodes.find(
      (node) => (node.attributes as Partial<UiNodeInputAttributes>).name === 'identifier',
    );
    expect(identifier?.attributes).toMatchObject({ type: 'hidden', value: 'margaret@example.com' });

    const wrong = await failure(
      api.updateLoginFlow({
        flow: refresh.id,
        xSessionToken: token,
        updateLoginFlowBody: {
          method: 'password',
          identifier: 'margaret@example.com',
          password: 'not my password',
        },
      }),
    );
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('"id":4000006');
    expect((await failure(change())).status).toBe(403);

    const renewed = await api.updateLoginFlow({
      flow: refresh.id,
      xSessionToken: token,
      updateLoginFlowBody: {
        method: 'password',
        identifier: 'margaret@example.com',
        password: 'apollo guidance 11',
      },
    });
    expect(renewed.session_token).toBe(token);
    expect(renewed.session.id).toBe(sessionId);
    expect(Date.now() - (renewed.session.authenticated_at?.getTime() ?? 0)).toBeLessThan(60_000);

    expect((await change()).state).toBe('success');
  });
});

describe('recovery and verification (API flows)', () => {
  it('recovers with a mailed code: a session token and an API settings flow to set the password', async ({
    server,
    smtp,
  }) => {
    await createUser(server, 'hedy@example.com', 'frequency hopping 5');
    const api = nativeApi(server);
    const flow = await api.createNativeRecoveryFlow();
    expect(flow.type).toBe('api');
    const sent = await api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', email: 'hedy@example.com' },
    });
    expect(sent.state).toBe('sent_email');
    const code = codeOf(await smtp.waitForMail('hedy@example.com'));
    const done = await api.updateRecoveryFlow({
      flow: flow.id,
      updateRecoveryFlowBody: { method: 'code', code },
    });
    expect(done.state).toBe('passed_challenge');
    const items: ContinueWith[] = done.continue_with ?? [];
    const tokenItem = items.find((item) => item.action === 'set_ory_session_token');
    const settingsItem = items.find((item) => item.action === 'show_settings_ui');
    if (tokenItem?.action !== 'set_ory_session_token' || settingsItem?.action !== 'show_settings_ui') {
      throw new Error(`unexpected continue_with: ${JSON.stringify(items)}`);
    }
    const token = tokenItem.ory_session_token;
    const settings = await api.getSettingsFlow({ id: settingsItem.flow.id, xSessionToken: token });
    expect(settings.type).toBe('api');
    const saved = await api.updateSettingsFlow({
      flow: settings.id,
      xSessionToken: token,
      updateSettingsFlowBody: { method: 'password', password: 'spread spectrum 1942' },
    });
    expect(saved.state).toBe('success');
    await nativeLogin(server, 'hedy@example.com', 'spread spectrum 1942');
  });

  it('verifies an address with a mailed code', async ({ server, smtp }) => {
    await createUser(server, 'radia@example.com', 'spanning tree 1985', false);
    const api = nativeApi(server);
    const flow = await api.createNativeVerificationFlow();
    expect(flow.type).toBe('api');
    const sent = await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', email: 'radia@example.com' },
    });
    expect(sent.state).toBe('sent_email');
    const wrong = await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', code: '000000' },
    });
    expect(wrong.ui.messages?.map((message) => message.id)).toEqual([4070006]);
    const code = codeOf(await smtp.waitForMail('radia@example.com'));
    const verified = await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', code },
    });
    expect(verified.state).toBe('passed_challenge');
    expect(verified.ui.messages?.[0]).toMatchObject({ id: 1080002, type: 'success' });
    await nativeLogin(server, 'radia@example.com', 'spanning tree 1985');
  });
});

describe('sessions', () => {
  it('lists the other sessions with their devices, revokes one, and never the current one', async ({
    server,
  }) => {
    await createUser(server, 'barbara.l@example.com', 'liskov substitution 8');
    const laptop = await nativeLogin(
      server,
      'barbara.l@example.com',
      'liskov substitution 8',
      nativeApi(server, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'),
    );
    const phone = await nativeLogin(
      server,
      'barbara.l@example.com',
      'liskov substitution 8',
      nativeApi(
        server,
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile Safari/604.1',
      ),
    );
    const list = await laptop.api.listMySessions({ xSessionToken: laptop.token });
    expect(list.map((session) => session.id)).toEqual([phone.sessionId]);
    expect(list[0]?.devices?.[0]).toMatchObject({
      ip_address: '127.0.0.1',
      user_agent: expect.stringContaining('iPhone') as unknown,
    });

    const current = await failure(
      laptop.api.disableMySession({ id: laptop.sessionId, xSessionToken: laptop.token }),
    );
    expect(current.status).toBe(400);

    // Another identity's session id changes nothing.
    await createUser(server, 'eve@example.com', 'eavesdropper 1234');
    const eve = await nativeLogin(server, 'eve@example.com', 'eavesdropper 1234');
    await eve.api.disableMySession({ id: phone.sessionId, xSessionToken: eve.token });
    expect((await phone.api.toSession({ xSessionToken: phone.token })).active).toBe(true);

    await laptop.api.disableMySession({ id: phone.sessionId, xSessionToken: laptop.token });
    expect((await failure(phone.api.toSession({ xSessionToken: phone.token }))).status).toBe(401);
    expect(await laptop.api.listMySessions({ xSessionToken: laptop.token })).toEqual([]);
  });
});
