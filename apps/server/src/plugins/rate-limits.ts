import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import { AppError } from '@stackyard/contracts/problem';
import type { DbHandle } from '@stackyard/db/client';
import { apiRateLimits } from '@stackyard/db/schema';
import { presentedCredential } from '@stackyard/api/auth/authenticate';
import { sharedCountsStore } from './shared-counts.ts';

// Not imported: Node's ES module view of node:http reads its lazy exports, loading undici (~25 ms).
const { IncomingMessage } = process.getBuiltinModule('node:http');

export interface RateLimitSettings {
  windowSeconds: number;
  /** Requests per signed-in user (all their sessions) or per access token in a window. */
  perCaller: number;
  /** Requests per client address in a window. */
  perAddress: number;
}

// Spent windows are deleted this often; a key counts in its own row until then.
const SWEEP_INTERVAL_MS = 10 * 60_000;

type Limit = { who: string; max: number; limiter: ReturnType<FastifyInstance['createRateLimit']> };

// A personal or OAuth access token is known by a hash of its secret (so the count holds on /mcp, before the
// API has looked the token up); a signed-in user by their id, once authentication has found it.
function callerKey(request: FastifyRequest): string | null {
  const credential = presentedCredential(request);
  if (credential && credential.kind !== 'session_jwt' && credential.token) {
    return `token:${createHash('sha256').update(credential.token).digest('base64url')}`;
  }
  return request.actor ? `user:${request.actor.userId}` : null;
}

/**
 * Rate limits of the product API and /mcp: per client address before authentication (so a flood of bad
 * credentials is refused cheaply), then per access token or signed-in user once the credential is known.
 * The API calls the MCP server makes in-process for one /mcp request are not counted again. Over a limit:
 * 429 with Retry-After and a problem document. Counts live in PostgreSQL when the database is one (shared by
 * every instance, written as shared-counts.ts says), else in this process's memory.
 */
export async function rateLimits(
  app: FastifyInstance,
  db: DbHandle,
  settings: RateLimitSettings,
  prefixes: string[],
): Promise<void> {
  const shared = db.driver === 'postgres';
  await app.register(fastifyRateLimit, {
    global: false,
    timeWindow: settings.windowSeconds * 1000,
    ...(shared
      ? {
          store: sharedCountsStore(db.db, (error) =>
            app.log.warn({ err: error }, 'rate limit counts could not be written'),
          ),
        }
      : {}),
  });
  // app.inject() hands the route a light-my-request object rather than a socket's IncomingMessage: that is
  // the MCP server calling the API for a /mcp request already counted, and no client of its own.
  const limited = (request: FastifyRequest) =>
    request.raw instanceof IncomingMessage &&
    prefixes.some(
      (prefix) =>
        request.url === prefix ||
        request.url.startsWith(`${prefix}/`) ||
        request.url.startsWith(`${prefix}?`),
    );

  const check = async (request: FastifyRequest, reply: FastifyReply, limit: Limit) => {
    const outcome = await limit.limiter(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    const seconds = Math.max(1, outcome.ttlInSeconds);
    reply.header('retry-after', seconds);
    throw new AppError(
      'rate_limited',
      `Too many requests from ${limit.who}: at most ${limit.max} in ${settings.windowSeconds} seconds. ` +
        `Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    );
  };
  const perAddress: Limit = {
    who: 'this address',
    max: settings.perAddress,
    limiter: app.createRateLimit({
      max: settings.perAddress,
      keyGenerator: (request) => `ip:${normalizeIP(request.ip)}`,
    }),
  };
  const perCaller: Limit = {
    who: 'this access token or account',
    max: settings.perCaller,
    limiter: app.createRateLimit({
      max: settings.perCaller,
      keyGenerator: (request) => callerKey(request) ?? '',
      // No credential (a public route): the address limit alone applies.
      allowList: (_request, key) => key === '',
    }),
  };
  app.addHook('onRequest', async (request, reply) => {
    if (limited(request)) await check(request, reply, perAddress);
  });
  // After every onRequest hook, the product API's authentication included, and before the body is read.
  app.addHook('preParsing', async (request, reply) => {
    if (limited(request)) await check(request, reply, perCaller);
  });

  if (shared) {
    let timer: NodeJS.Timeout | null = null;
    const sweep = () =>
      db.db
        .delete(apiRateLimits)
        .where(lt(apiRateLimits.resetAt, sql`now()`))
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'spent rate limit windows could not be swept'),
        );
    app.addHook('onReady', async () => {
      timer = setInterval(sweep, SWEEP_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
}
