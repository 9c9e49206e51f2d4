import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbHandle } from '@stackyard/db/client';
import { asBackground } from '@stackyard/db/background';
import { registerApiDocs } from '@stackyard/api/openapi';
import { productApi } from '@stackyard/api/plugin';
import type { ApiTransport } from '@stackyard/mcp/api-client';
import type { TokenVerifier } from '@stackyard/api/auth/token-verifier';
import type { IngestionSettings } from '@stackyard/api/ingestion/ingestion-settings';
import { createWorkers } from '@stackyard/api/jobs/workers';
import { JOBS_CHANNEL, jobEnqueued } from '@stackyard/db/job-wake';
import { createStoreContext } from '@stackyard/api/store/store-context';
import type { StoreSettings } from '@stackyard/api/store/store-settings';
import { createFactsContext } from '@stackyard/api/facts/facts-context';
import type { FactsSettings } from '@stackyard/api/facts/facts-settings';
import type { HealthSettings } from '@stackyard/api/health/health-context';
import { deleteIdentity, identityEmail } from '@stackyard/identity/delete-identity';
import { identityPlugin } from '@stackyard/identity/plugin';
import { createRevokedSessions } from '@stackyard/identity/revoked-sessions';
import { MCP_PATH, mcpHttp } from '@stackyard/mcp/http';
import { oauthServer } from '@stackyard/api/oauth/oauth-server';
import {
  identityPublicUrl,
  identitySettings,
  factsSettings,
  healthSettings,
  ingestionSettings,
  llmSettings,
  rateLimitSettings,
  runsWorkers,
  storeSettings,
  type Config,
} from './config.ts';
import { databaseMaintenance } from './plugins/db-maintenance.ts';
import { compression } from './plugins/compression.ts';
import { problemDetails } from './plugins/problem-details.ts';
import { rateLimits } from './plugins/rate-limits.ts';
import { errorLogValue } from './plugins/error-log.ts';
import { logRedaction, requestLogValue } from './plugins/request-log.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { webApp } from './plugins/web.ts';
import { healthRoutes } from './routes/health.ts';
import { identityTokenVerifier, withRevocation, withTokenCache } from './token-verifier.ts';

export const API_PREFIX = '/api/v1';

export interface AppDeps {
  db: DbHandle;
  /**
   * Checks the API's credentials (the user_jwt cookie or a bearer JWT). By default the identity service's
   * JWKS over HTTP, cached and fetched again on an unknown kid.
   */
  verifier?: TokenVerifier;
  /** Where log lines go; standard output when not given. */
  logStream?: { write(line: string): void };
  /** Overrides of the ingestion worker's settings (tests: poll interval, backoff, fetcher options). */
  ingestion?: Partial<IngestionSettings>;
  /** Overrides of the repository store's settings (tests: poll interval, sync delay, GitHub client options). */
  store?: Partial<StoreSettings>;
  /** Overrides of the tool facts settings (tests: upstream URLs on loopback, resolver, no sweep). */
  facts?: Partial<FactsSettings>;
  /** Overrides of the link health settings (tests: loopback resolver, host spacing, no sweep). */
  health?: Partial<HealthSettings>;
  /** How often PGlite's maintenance runs (tests: sooner than every minute). */
  maintenanceIntervalMs?: number;
}

// Clocks of the processes that end sessions and of this one may disagree by this much.
const REVOCATION_SKEW_SECONDS = 60;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// The SPA is built by Vite without inline scripts or styles, so it runs under this policy as it is. Images
// come from the app alone: icons and previews are copies it serves (/api/v1/media), so no page a member
// submitted can make a viewer's browser contact a host of its choosing.
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

function compilerIsSet(): never {
  throw new Error('the app sets its validator and serializer compilers before adding routes');
}

/** The whole HTTP application, without listening: tests drive it with app.inject(). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Fastify's overloads do not take the union itself; every member of it is an accepted form.
    trustProxy: (config.TRUST_PROXY ?? false) as FastifyServerOptions['trustProxy'],
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: { req: requestLogValue, err: errorLogValue },
      ...logRedaction,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // Accept a caller's request id when it is sane (a proxy's), else make one.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Fastify otherwise requires its default compilers' factories (Ajv and fast-json-stringify, some 120
    // modules) as it is made, though the compilers set below replace them before any route is added.
    schemaController: { compilersFactory: { buildValidator: compilerIsSet, buildSerializer: compilerIsSet } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.NODE_ENV === 'production'));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyHelmet, { contentSecurityPolicy });
  await compression(app);
  problemDetails(app);
  healthRoutes(app, deps.db);
  databaseMaintenance(app, deps.db, deps.maintenanceIntervalMs);
  // `--role worker` serves no API (only /healthz and /readyz) and runs the job workers; `api` runs none
  // unless RUN_WORKERS=true; `all` does both.
  const servesApi = config.ROLE === 'all' || config.ROLE === 'api';
  const workers = runsWorkers(config);
  if (servesApi || workers) {
    // Before the API's routes: the OpenAPI document is collected as they are added.
    if (servesApi) await registerApiDocs(app, { prefix: API_PREFIX });
    // The job workers run in this process while the app is up; their jobs outlive it in the database.
    // Without workers here (`--role api`), a worker process hears of a job through the database (job-wake.ts).
    const settings = { ...ingestionSettings(config), ...deps.ingestion };
    let wakeIngestion = () => {};
    let wakeStore = () => {};
    let wakeFacts = () => {};
    let wakeHealth = () => {};
    const store = createStoreContext({ ...storeSettings(config), ...deps.store }, () => wakeStore());
    const facts = createFactsContext({ ...factsSettings(config), ...deps.facts }, () => wakeFacts());
    const health = { settings: { ...healthSettings(config), ...deps.health }, wake: () => wakeHealth() };
    if (workers) {
      const running = createWorkers(
        deps.db.db,
        { ingestion: settings, store, facts, health: health.settings },
        app.log,
      );
      // Background work: on PGlite, requests' queries go before the jobs' (db/background.ts).
      wakeIngestion = () => asBackground(() => running.wakeIngestion());
      wakeStore = () => asBackground(() => running.wakeStore());
      wakeFacts = () => asBackground(() => running.wakeFacts());
      wakeHealth = () => asBackground(() => running.wakeHealth());
      app.addHook('onReady', async () => asBackground(() => running.start()));
      app.addHook('onClose', async () => running.stop());
      // Jobs enqueued by other processes (an API process, another worker) wake this one's workers at once.
      if (deps.db.listen) {
        const unlisten = await deps.db.listen(JOBS_CHANNEL, (queue) => jobEnqueued(queue));
        app.addHook('onClose', unlisten);
      }
    }
    if (servesApi) {
      // Before the API's, the MCP server's and the OAuth endpoints' routes, whose requests they count.
      await rateLimits(app, deps.db, rateLimitSettings(config), [API_PREFIX, MCP_PATH, '/oauth']);
      // Logged-out sessions, so their JWTs stop working within seconds rather than at their expiry.
      const revoked = createRevokedSessions(deps.db.db, {
        windowSeconds: identitySettings(config).tokenTtlSeconds + REVOCATION_SKEW_SECONDS,
        onError: (error) => app.log.warn({ err: error }, 'revoked sessions could not be read'),
      });
      app.addHook('onReady', async () => revoked.start());
      app.addHook('onClose', async () => revoked.stop());
      await app.register(productApi, {
        prefix: API_PREFIX,
        db: deps.db.db,
        verifier: withRevocation(withTokenCache(deps.verifier ?? defaultVerifier(config)), revoked),
        ingestion: { maxAttempts: settings.maxAttempts, wake: () => wakeIngestion() },
        pageFetch: settings,
        store,
        facts,
        health,
        llm: llmSettings(config),
        // The identity service keeps its tables in this database, so an account is deleted in one transaction.
        identity: { email: identityEmail, remove: deleteIdentity },
        ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
      });
      // The OAuth authorization server of the MCP resource: remote MCP clients connect with the URL alone.
      await app.register(oauthServer, {
        db: deps.db.db,
        pageFetch: settings,
        ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
      });
      // The MCP server calls the product API in-process, through its whole HTTP pipeline (see packages/mcp).
      await app.register(mcpHttp, {
        api: inProcessApi(app),
        ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
      });
    }
  }
  if (config.ROLE === 'all' || config.ROLE === 'identity') {
    // The Kratos-compatible identity API; it answers its own errors in the Kratos envelope.
    await app.register(identityPlugin, { db: deps.db.db, config: identitySettings(config), prefix: '/.ory' });
  }
  await webApp(app, servesApi ? config.WEB_DIST_DIR : null);
  return app;
}

function inProcessApi(app: FastifyInstance): ApiTransport {
  return async ({ method, path, body, authorization, host }) => {
    const response = await app.inject({
      method,
      url: `${API_PREFIX}${path}`,
      // The caller's Host: without PUBLIC_URL, the audience an OAuth token must name is derived from it.
      headers: { authorization, ...(host === undefined ? {} : { host }) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    return { status: response.statusCode, headers, body: response.body };
  };
}

// The identity service signs with its public URL as issuer and publishes its keys under it.
function defaultVerifier(config: Config): TokenVerifier {
  const identityUrl = identityPublicUrl(config);
  return identityTokenVerifier({ jwksUrl: `${identityUrl}/.well-known/jwks.json`, issuer: identityUrl });
}
