// Verification by code: the 5-try limit, expiry, no enumeration, and the mailed link.
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { identityCodes } from '@stackyard/db/schema';
import { codeOf, createUser, csrfOf, frontendApi, signInBrowser } from './testing.ts';
import { it } from './testing/fixtures.ts';

const PASSWORD = 'a sturdy passphrase 42';

describe('verification codes', () => {
  it('answers a wrong code with 200 and 4070006, and after five wrong codes refuses even the right one', async ({
    server,
    smtp,
  }) => {
    await createUser(server, 'hedy@example.com', PASSWORD, false);
    const { api } = frontendApi(server.basePath);
    const flow = await api.createBrowserVerificationFlow();
    const sent = await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', email: 'hedy@example.com', csrf_token: csrfOf(flow) },
    });
    expect(sent.state).toBe('sent_email');
    expect(sent.ui.messages?.[0]?.id).toBe(1080003);
    const code = codeOf(await smtp.waitForMail('hedy@example.com'));
    const wrong = code === '000000' ? '111111' : '000000';

    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await api.updateVerificationFlow({
        flow: flow.id,
        updateVerificationFlowBody: { method: 'code', code: wrong, csrf_token: csrfOf(flow) },
      });
      expect(answer.state).toBe('sent_email');
      expect(answer.ui.messages?.map((message) => message.id)).toEqual([4070006]);
    }
    const spent = await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) },
    });
    expect(spent.id).not.toBe(flow.id);
    expect(spent.state).toBe('choose_method');
    expect(spent.ui.messages?.[0]).toMatchObject({
      id: 4000001,
      text: 'The request was submitted too often. Please request another code.',
    });
  });

  it('verifies through the mailed link, even opened in another browser', async ({ server, smtp }) => {
    await createUser(server, 'radia@example.com', PASSWORD, false);
    const { api } = frontendApi(server.basePath);
    const flow = await api.createBrowserVerificationFlow();
    await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', email: 'radia@example.com', csrf_token: csrfOf(flow) },
    });
    const mail = await smtp.waitForMail('radia@example.com');
    const link = /(http:\/\/\S+\/self-service\/verification\?flow=[^\s"<]+)/.exec(
      mail.raw.replace(/=\r?\n/g, ''),
    )?.[1];
    if (!link) throw new Error(`no link in:\n${mail.raw}`);
    const phone = frontendApi(server.basePath);
    const opened = await phone.jar.fetch(link.replace(/&amp;/g, '&').replace(/=3D/g, '='));
    expect(opened.status).toBe(303);
    const target = new URL(String(opened.headers.get('location')));
    expect(target.pathname).toBe('/verify');
    const shown = await phone.api.getVerificationFlow({ id: String(target.searchParams.get('flow')) });
    expect(shown.state).toBe('passed_challenge');
    expect(shown.ui.messages?.[0]?.id).toBe(1080002);
    // The verified account signs in as usual.
    await signInBrowser(server, 'radia@example.com', PASSWORD);
  });

  it('refuses a code older than one hour', async ({ server, smtp }) => {
    await createUser(server, 'mary@example.com', PASSWORD, false);
    const { api } = frontendApi(server.basePath);
    const flow = await api.createBrowserVerificationFlow();
    await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', email: 'mary@example.com', csrf_token: csrfOf(flow) },
    });
    const code = codeOf(await smtp.waitForMail('mary@example.com'));
    await server.db.db
      .update(identityCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(identityCodes.flowId, flow.id));
    const answer = await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', code, csrf_token: csrfOf(flow) },
    });
    expect(answer.ui.messages?.map((message) => message.id)).toEqual([4070006]);
  });

  it('looks the same for an unknown address (no enumeration) and sends nothing', async ({
    smtp,
    browser: { api },
  }) => {
    const flow = await api.createBrowserVerificationFlow();
    const sent = await api.updateVerificationFlow({
      flow: flow.id,
      updateVerificationFlowBody: { method: 'code', email: 'ghost@example.com', csrf_token: csrfOf(flow) },
    });
    expect(sent.state).toBe('sent_email');
    expect(smtp.mails.filter((mail) => mail.to === 'ghost@example.com')).toEqual([]);
  });
});
