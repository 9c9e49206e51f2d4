import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INVALID_UTF8_DETAIL, textInputProblem, utf8Text } from '@stackyard/contracts/text-input';
import type { Database } from '@stackyard/db/client';
import {
  identityDeletedSessions,
  identityFlowErrors,
  identityFlows,
  identityRateLimits,
} from '@stackyard/db/schema';
import type { IdentityConfig } from './config.ts';
import type { IdentityContext } from './context.ts';
import { createCourier } from './courier.ts';
import { errors, IdentityError } from './errors.ts';
import { isSecureOrigin, queryParam, redirect, wantsJson, withQuery } from './http.ts';
import { createKeyStore, type KeyStore } from './keys.ts';
import { loginRoutes } from './login.ts';
import { createOidc } from './oidc.ts';
import { createTimingEqualizer } from './passwords.ts';
import { createRateLimiter } from './rate-limit.ts';
import { recoveryRoutes } from './recovery.ts';
import { registrationRoutes } from './registration.ts';
import { sessionRoutes } from './session-routes.ts';
import { settingsRoutes } from './settings.ts';
import { verificationRoutes } from './verification.ts';

export interface IdentityPluginOptions {
  db: Database;
  config: IdentityConfig;
  /** Run the courier's dispatcher in this process (default true); a deployment may run it elsewhere. */
  courier?: boolean;
  /** Receives the key store, e.g. to rotate the signing key from an admin task or a test. */
  onKeys?: (keys: KeyStore) => void;
}

/**
 * The Kratos-compatible public identity API as a Fastify plugin. Register it under the prefix it is served
 * at (`/.ory` on the app server, `/` when it runs on its own host); config.publicUrl must name that place.
 * Its errors use the Kratos error envelope, not the product API's problem details.
 */
export async function identityPlugin(app: FastifyInstance, options: IdentityPluginOptions): Promise<void> {
  const { db, config } = options;
  const keys = createKeyStore(db, {
    algorithm: config.signingAlgorithm,
    tokenTtlSeconds: config.tokenTtlSeconds,
    keyMaxAgeSeconds: config.signingKeyMaxAgeSeconds,
    secret: config.secret,
  });
  options.onKeys?.(keys);
  const courier = createCourier(db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    pollMs: config.courierPollMs,
    log: app.log,
  });
  const ctx: IdentityContext = {
    db,
    config,
    keys,
    courier,
    limiter: createRateLimiter(db, config.rateLimit),
    equalizeTiming: createTimingEqualizer(config.argon2),
    secureCookies: isSecureOrigin(config.publicUrl),
  };

  if (config.corsOrigins.length) cors(app, config.corsOrigins);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Bytes that are not UTF-8 are refused rather than read as U+FFFD (an e-mail address changed on the way in).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = utf8Text(body);
    if (text === null) return done(errors.badRequest(`/body: ${INVALID_UTF8_DETAIL}`));
    parseJson(request, text, done);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => handleError(ctx, error, request, reply));
  // NUL characters, lone surrogates and deep nesting: refused here, before a flow or an identity is written.
  app.addHook('preValidation', async (request) => {
    const problem =
      textInputProblem(request.query, '/query') ??
      textInputProblem(request.params, '/params') ??
      textInputProblem(request.body, '/body');
    if (problem) throw errors.badRequest(`${problem.pointer}: ${problem.detail}`);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(
        errors
          .notFound(`No route matches ${request.method} ${request.url.split('?')[0]}.`)
          .envelope(request.id),
      ),
  );

  const oidc = createOidc(ctx);
  loginRoutes(app, ctx, oidc);
  registrationRoutes(app, ctx, oidc);
  verificationRoutes(app, ctx);
  recoveryRoutes(app, ctx);
  settingsRoutes(app, ctx);
  sessionRoutes(app, ctx);
  oidc.routes(app);

  app.get('/self-service/errors', async (request) => {
    const id = queryParam(request, 'id') ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw errors.notFound();
    const [row] = await db.select().from(identityFlowErrors).where(eq(identityFlowErrors.id, id));
    if (!row) throw errors.notFound();
    return {
      id: row.id,
      error: row.error,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
  app.get('/health/alive', async () => ({ status: 'ok' }));
  app.get('/health/ready', async () => ({ status: 'ok' }));

  // Expired flows (and their codes) and spent rate-limit windows are only clutter: sweep them now and then.
  let sweeper: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => {
      sweep(db).catch((error: unknown) => app.log.warn({ err: error }, 'identity sweep failed'));
    }, SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });

  if (options.courier !== false) {
    app.addHook('onReady', async () => courier.start());
    // Stopped before the host closes the database: a pass in flight finishes first.
    app.addHook('onClose', async () => courier.stop());
  }
}

const SWEEP_MS = 10 * 60_000;

// Off unless origins are configured (the identity API on another host than the web app): then only those
// origins, with credentials, as Kratos's `serve.public.cors` does.
function cors(app: FastifyInstance, origins: string[]): void {
  const allowed = new Set(origins.map((origin) => new URL(origin).origin));
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', 'content-type, x-request-id, retry-after');
    reply.header('vary', 'Origin');
  });
  app.options('/*', async (request, reply) => {
    if (request.headers.origin && allowed.has(request.headers.origin)) {
      reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
      reply.header(
        'access-control-allow-headers',
        'accept, content-type, x-csrf-token, x-session-token, authorization, x-request-id',
      );
      reply.header('access-control-max-age', '600');
    }
    return reply.code(204).send();
  });
}

export async function sweep(db: Database): Promise<void> {
  await db.delete(identityFlows).where(lt(identityFlows.expiresAt, sql`now() - interval '1 day'`));
  await db.delete(identityRateLimits).where(lt(identityRateLimits.resetAt, sql`now()`));
  // Longer than any token lives: by then no JWT of these sessions is valid anyway.
  await db
    .delete(identityDeletedSessions)
    .where(lt(identityDeletedSessions.endedAt, sql`now() - interval '2 days'`));
}

async function handleError(
  ctx: IdentityContext,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  let known: IdentityError;
  if (error instanceof IdentityError) {
    known = error;
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    known = errors.badRequest(error.message);
    if (error.statusCode !== 400) known = new IdentityError(error.statusCode, error.message);
  } else {
    request.log.error({ err: error }, 'identity request failed');
    known = new IdentityError(
      500,
      'An internal server error occurred, please contact the system administrator',
      {
        reason: `Something went wrong on our side. If it keeps happening, report request id ${request.id}.`,
      },
    );
  }
  const path = request.url.split('?')[0] ?? '';
  if (known.code < 500) {
    // A 401 from whoami is every anonymous page view: not worth a line at info.
    const details = { status: known.code, errorId: known.id, reason: known.reason };
    if (path.includes('/self-service/')) request.log.info(details, 'identity flow error');
    else request.log.debug(details, 'identity request refused');
  }
  for (const [name, value] of Object.entries(known.headers)) reply.header(name, value);

  // A browser submitting a form cannot show JSON: send it where the web app can. Not a 429: that would store a
  // flow error row per refused request, so a flood of them would write on every request it was meant to stop.
  if (!wantsJson(request) && path.includes('/self-service/') && known.code !== 429) {
    if (known.code === 422 && typeof known.extra.redirect_browser_to === 'string') {
      return redirect(reply, known.extra.redirect_browser_to);
    }
    if (known.code === 410 && typeof known.extra.use_flow_id === 'string') {
      const kind = /self-service\/(login|registration|verification|recovery|settings)/.exec(path)?.[1];
      if (kind) {
        const page =
          ctx.config.ui[kind as 'login' | 'registration' | 'verification' | 'recovery' | 'settings'];
        return redirect(reply, withQuery(page, { flow: known.extra.use_flow_id }));
      }
    }
    if (known.code === 401 && path.includes('/self-service/settings'))
      return redirect(reply, ctx.config.ui.login);
    const [row] = await ctx.db
      .insert(identityFlowErrors)
      .values({ error: known.envelope(request.id).error })
      .returning({ id: identityFlowErrors.id });
    if (row) return redirect(reply, withQuery(ctx.config.ui.error, { id: row.id }));
  }
  return reply.code(known.code).type('application/json; charset=utf-8').send(known.envelope(request.id));
}
