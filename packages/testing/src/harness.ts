// The product API as the server runs it (apps/server's buildApp: error handler, helmet, OpenAPI), on a fresh
// test database, with real JWTs. Every API response is recorded so a file can check them all against the
// OpenAPI document at its end.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { createTestDb } from '@stackyard/db/testing';
import { buildApp } from '@stackyard/server/app';
import { loadConfig } from '@stackyard/server/config';
import { tempDir } from './processes.ts';
import type { TokenVerifier } from '@stackyard/api/auth/token-verifier';
import type { IngestionSettings } from '@stackyard/api/ingestion/ingestion-settings';
import type { StoreSettings } from '@stackyard/api/store/store-settings';
import type { FactsSettings } from '@stackyard/api/facts/facts-settings';
import type { HealthSettings } from '@stackyard/api/health/health-context';
import { createTestIssuer, type TestIssuer, type TokenOptions } from './test-tokens.ts';

export const API = '/api/v1';

export interface RecordedResponse {
  method: string;
  route: string;
  status: number;
  contentType: string;
  body: string;
}

export interface TestUser {
  id: string;
  token: string;
  username: string | null;
}

type Call = Omit<InjectOptions, 'url' | 'method' | 'payload'> & { body?: unknown };

export interface Client {
  get(path: string, options?: Call): Promise<LightMyRequestResponse>;
  post(path: string, body?: unknown, options?: Call): Promise<LightMyRequestResponse>;
  put(path: string, body?: unknown, options?: Call): Promise<LightMyRequestResponse>;
  patch(path: string, body?: unknown, options?: Call): Promise<LightMyRequestResponse>;
  delete(path: string, options?: Call): Promise<LightMyRequestResponse>;
}

export interface Harness {
  app: FastifyInstance;
  db: Awaited<ReturnType<typeof createTestDb>>;
  issuer: TestIssuer;
  recorded: RecordedResponse[];
  /** A new identity with a valid token; with a username when one is given. */
  user(username?: string, options?: TokenOptions): Promise<TestUser>;
  as(user: TestUser | null): Client;
  /** Responses that do not match the OpenAPI document (undeclared status or wrong shape). */
  mismatches(): Promise<string[]>;
  close(): Promise<void>;
  /** close(), then fails the test file if any response it recorded does not match the OpenAPI document. */
  closeChecked(): Promise<void>;
}

export interface HarnessOptions {
  verifier?: TokenVerifier;
  /** More environment variables for the app's config (INGESTION_*). */
  env?: Record<string, string>;
  ingestion?: Partial<IngestionSettings>;
  /** Repository store overrides (poll interval, sync delay, backoff). */
  store?: Partial<StoreSettings>;
  /** Tool facts overrides (upstream URLs of the fakes, loopback allowlisted). */
  facts?: Partial<FactsSettings>;
  /** Link health overrides (host spacing). */
  health?: Partial<HealthSettings>;
}

/** A repository store that syncs within a test's patience: short polls, delays and backoff. */
export const QUICK_STORE: Partial<StoreSettings> = {
  pollMs: 25,
  syncDelayMs: 100,
  maxWaitMs: 5_000,
  backoffMs: () => 100,
};

// Tests never reach the internet: the ingestion worker resolves every host name to loopback, which the
// fetcher refuses unless a test allowlists it.
const loopbackResolver = async () => [{ address: '127.0.0.1', family: 4 as const }];

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const db = await createTestDb();
  const issuer = await createTestIssuer();
  const web = tempDir('stackyard-api-web');
  const config = loadConfig({
    WEB_DIST_DIR: web.path,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...options.env,
  });
  const app = await buildApp(config, {
    db,
    verifier: options.verifier ?? issuer.verifier,
    ingestion: { pollMs: 100, fetch: { resolver: loopbackResolver }, ...options.ingestion },
    ...(options.store ? { store: options.store } : {}),
    // No periodic sweep; refreshes after ingestion reach only loopback, refused unless a test allowlists it.
    facts: {
      pollMs: 100,
      sweepMs: 0,
      http: { allowlist: [], fetch: { resolver: loopbackResolver } },
      ...options.facts,
    },
    // Checks reach loopback only, refused unless a test allowlists it; no sweep, no spacing between checks.
    health: {
      pollMs: 100,
      sweepMs: 0,
      resolver: loopbackResolver,
      hostLimits: { concurrency: 1, spacingMs: 0 },
      ...options.health,
    },
  });
  const recorded: RecordedResponse[] = [];
  app.addHook('onSend', async (request, reply, sent) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith(API) || request.is404) return sent;
    // A streamed answer (the data export) is read whole here, in tests only, so its body is checked too.
    const payload =
      sent instanceof Readable
        ? (await sent.toArray()).map((chunk: string | Buffer) => chunk.toString()).join('')
        : sent;
    recorded.push({
      method: request.method,
      route,
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      body:
        typeof payload === 'string' ? payload : payload === null || payload === undefined ? '' : '<stream>',
    });
    return payload;
  });
  await app.ready();

  const as = (user: TestUser | null): Client => {
    const call = (method: InjectOptions['method'], path: string, body: unknown, options: Call = {}) => {
      const { body: _ignored, headers, ...rest } = options;
      return app.inject({
        method,
        url: `${API}${path}`,
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
        headers: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...headers },
        ...rest,
      });
    };
    return {
      get: (path, options) => call('GET', path, undefined, options),
      post: (path, body, options) => call('POST', path, body ?? {}, options),
      put: (path, body, options) => call('PUT', path, body ?? {}, options),
      patch: (path, body, options) => call('PATCH', path, body ?? {}, options),
      // A DELETE may carry a body (DELETE /me's typed confirmation): options.body.
      delete: (path, options) => call('DELETE', path, options?.body, options),
    };
  };

  const close = async () => {
    await app.close();
    await db.close();
    web.remove();
  };
  return {
    app,
    db,
    issuer,
    recorded,
    async user(username, options) {
      const id = randomUUID();
      const user: TestUser = { id, token: await issuer.sign(id, options), username: null };
      if (username) {
        const response = await as(user).post('/profile/username', { username });
        if (response.statusCode !== 200) throw new Error(`username ${username}: ${response.body}`);
        user.username = username;
      }
      return user;
    },
    as,
    mismatches: async () => checkAgainstDocument(app, recorded),
    close,
    async closeChecked() {
      const mismatches = await checkAgainstDocument(app, recorded);
      await close();
      expect(mismatches).toEqual([]);
    },
  };
}

interface OpenApiResponse {
  content?: Record<string, { schema?: object }>;
}
type OpenApiDocument = {
  paths?: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
};

async function checkAgainstDocument(app: FastifyInstance, recorded: RecordedResponse[]): Promise<string[]> {
  const response = await app.inject('/api/docs/openapi.json');
  const document = response.json() as OpenApiDocument;
  // Formats are also expressed as patterns by zod; the validator only needs to know the keywords exist.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const validators = new Map<string, ValidateFunction | null>();
  const problems: string[] = [];
  for (const seen of recorded) {
    const path = seen.route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const key = `${seen.method} ${path} ${seen.status}`;
    // Fastify names the prefix's root route '/api/v1'; the document names it '/api/v1/'.
    const item = document.paths?.[path] ?? document.paths?.[`${path}/`];
    const declared = item?.[seen.method.toLowerCase()]?.responses?.[String(seen.status)];
    if (!declared) {
      problems.push(`${key}: status not declared`);
      continue;
    }
    // A route that answers several content types (an export's files) declares each; the answer's picks one.
    const contents = Object.entries(declared.content ?? {});
    const [mediaType, media] =
      contents.find(([type]) => seen.contentType.startsWith(type)) ?? contents[0] ?? [];
    // A declared non-JSON body (a bookmarks file): its content type must match; its text is not JSON.
    if (mediaType && !mediaType.includes('json')) {
      if (!seen.contentType.startsWith(mediaType)) problems.push(`${key}: answered ${seen.contentType}`);
      continue;
    }
    const schema = media?.schema;
    if (!schema) {
      if (seen.body !== '')
        problems.push(`${key}: declared without a body, answered ${seen.body.slice(0, 200)}`);
      continue;
    }
    let validate = validators.get(key);
    if (validate === undefined) {
      validate = ajv.compile(schema);
      validators.set(key, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(seen.body);
    } catch {
      problems.push(`${key}: body is not JSON: ${seen.body.slice(0, 200)}`);
      continue;
    }
    if (validate && !validate(body)) {
      problems.push(`${key}: ${ajv.errorsText(validate.errors)} in ${seen.body.slice(0, 300)}`);
    }
  }
  return problems;
}
