import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from './context.ts';
import { errors, IdentityError } from './errors.ts';
import { queryParam, redirect, wantsJson } from './http.ts';
import {
  clearSessionCookie,
  currentSession,
  findActiveByToken,
  findByLogoutToken,
  issueLogoutToken,
  otherActiveSessions,
  revokeOtherSessions,
  revokeSession,
  sessionJson,
} from './sessions.ts';
import { safeReturnTo } from './flows.ts';
import { findIdentity } from './identities.ts';

// whoami (with the tokenizer), the account's session list, logout, and the JWKS. /sessions* is CSRF-exempt,
// as in Kratos: it only ever acts on the caller's own sessions, read from the session credential.

export function sessionRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  const { config } = ctx;

  app.get('/sessions/whoami', async (request, reply) => {
    const active = await currentSession(ctx.db, request);
    if (!active) throw errors.unauthorized();
    const template = queryParam(request, 'tokenize_as');
    if (template !== undefined && template !== config.tokenizeTemplate) {
      throw errors.badRequest(`Unable to find tokenizer template "${template}".`);
    }
    const body: Record<string, unknown> = await sessionJson(
      ctx.db,
      active.session,
      active.identity,
      config.publicUrl,
    );
    if (template) {
      body.tokenized = await ctx.keys.sign(
        { sub: active.identity.id, sid: active.session.id, email: active.identity.traits.email },
        config.tokenTtlSeconds,
        config.publicUrl,
      );
    }
    reply.header('x-kratos-authenticated-identity-id', active.identity.id);
    reply.header('cache-control', 'private, no-store');
    return body;
  });

  app.get('/sessions', async (request) => {
    const active = await currentSession(ctx.db, request);
    if (!active) throw errors.unauthorized();
    const others = await otherActiveSessions(ctx.db, active.identity.id, active.session.id);
    return Promise.all(
      others.map((session) => sessionJson(ctx.db, session, active.identity, config.publicUrl)),
    );
  });

  app.delete('/sessions', async (request) => {
    const active = await currentSession(ctx.db, request);
    if (!active) throw errors.unauthorized();
    return { count: await revokeOtherSessions(ctx.db, active.identity.id, active.session.id) };
  });

  app.delete<{ Params: { id: string } }>('/sessions/:id', async (request, reply) => {
    const active = await currentSession(ctx.db, request);
    if (!active) throw errors.unauthorized();
    if (request.params.id === active.session.id) {
      throw errors.badRequest('You can not disable the current session. Use the logout flow instead.');
    }
    if (!/^[0-9a-f-]{36}$/i.test(request.params.id)) throw errors.notFound();
    await revokeSession(ctx.db, active.identity.id, request.params.id);
    return reply.code(204).send();
  });

  app.get('/self-service/logout/browser', async (request) => {
    const active = await currentSession(ctx.db, request);
    if (!active) throw errors.unauthorized();
    const token = await issueLogoutToken(ctx.db, active.session.id);
    const url = new URL(`${config.publicUrl}/self-service/logout`);
    url.searchParams.set('token', token);
    const returnTo = queryParam(request, 'return_to');
    if (returnTo) url.searchParams.set('return_to', returnTo);
    return { logout_url: url.toString(), logout_token: token };
  });

  app.get('/self-service/logout', async (request, reply) => {
    const token = queryParam(request, 'token');
    if (!token) throw errors.badRequest('Please include a token in the URL query.');
    const session = await findByLogoutToken(ctx.db, token);
    const active = await currentSession(ctx.db, request);
    // The token must belong to the session of the browser that presents it.
    if (!session || (active && active.session.id !== session.id)) {
      throw new IdentityError(403, 'The request was rejected because the logout token does not match.', {
        id: 'security_identity_mismatch',
        reason:
          'Unable to log out because the logout token in the URL query does not match the session cookie.',
      });
    }
    const identity = await findIdentity(ctx.db, session.identityId);
    if (identity) await revokeSession(ctx.db, identity.id, session.id);
    clearSessionCookie(reply, ctx.secureCookies);
    if (wantsJson(request)) return reply.code(204).send();
    return redirect(reply, safeReturnTo(ctx, request) ?? config.ui.login);
  });

  app.delete('/self-service/logout/api', async (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined;
    const token = typeof body?.session_token === 'string' ? body.session_token : '';
    const session = token ? await findActiveByToken(ctx.db, token) : null;
    if (!session) throw errors.badRequest('The session token is missing or not valid.');
    await revokeSession(ctx.db, session.identityId, session.id);
    return reply.code(204).send();
  });

  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return ctx.keys.jwks();
  });
}
