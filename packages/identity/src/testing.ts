// Test fixtures: the identity service on a real port, a browser-like cookie jar, an SMTP sink, and the
// official SDK wired to them exactly as the SPA wires it.
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { Configuration, FrontendApi, ResponseError, type UiNodeInputAttributes } from '@ory/client-fetch';
import { createTestDb } from '@stackyard/db/testing';
import { identityConfig, type IdentityConfig } from './config.ts';
import type { KeyStore } from './keys.ts';
import { createIdentity } from './identities.ts';
import { hashPassword } from './passwords.ts';
import { identityPlugin } from './plugin.ts';

export type TestDb = Awaited<ReturnType<typeof createTestDb>>;

/** Keeps cookies across requests like a browser on one site (Secure is ignored: the tests use plain http). */
export function createCookieJar() {
  const cookies = new Map<string, string>();
  const fetchWithCookies = async (
    input: string | URL | Request,
    init: RequestInit = {},
  ): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (cookies.size)
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers, redirect: init.redirect ?? 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(val).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return { cookies, fetch: fetchWithCookies };
}

export type CookieJar = ReturnType<typeof createCookieJar>;

/** The SDK as the SPA configures it: JSON accept header, credentials included, cookies kept. */
export function frontendApi(basePath: string, jar: CookieJar = createCookieJar()) {
  const api = new FrontendApi(
    new Configuration({
      basePath,
      credentials: 'include',
      headers: { Accept: 'application/json' },
      fetchApi: jar.fetch,
    }),
  );
  return { api, jar };
}

/** The masked CSRF token a flow's form carries. */
export function csrfOf(flow: { ui: { nodes: Array<{ attributes: unknown }> } }): string {
  for (const node of flow.ui.nodes) {
    const attributes = node.attributes as Partial<UiNodeInputAttributes>;
    if (attributes.name === 'csrf_token' && typeof attributes.value === 'string') return attributes.value;
  }
  throw new Error('the flow has no csrf_token node');
}

/** The JSON body of a failed SDK call, with its status. */
export async function failure(
  promise: Promise<unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ResponseError) {
      const text = await error.response.text();
      return {
        status: error.response.status,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

export interface CaughtMail {
  to: string;
  raw: string;
}

/** A real SMTP server on localhost that keeps every message it receives. */
export async function startSmtpSink() {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo)
          mails.push({ to: rcpt.address, raw: Buffer.concat(chunks).toString() });
        for (const waiter of waiters) waiter();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The n-th (default: next unseen) mail to `to`. */
    waitForMail(to: string, count = 1, timeoutMs = 10_000): Promise<CaughtMail> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.filter((mail) => mail.to === to)[count - 1];
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail #${count} to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function codeOf(mail: CaughtMail): string {
  const match = /^(\d{6})\s*$/m.exec(mail.raw);
  if (!match?.[1]) throw new Error(`no code in mail:\n${mail.raw}`);
  return match[1];
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

// Cheap hashing in tests; the production cost is measured by bench/identity.
const TEST_ARGON2 = { memoryCost: 4096, timeCost: 1, parallelism: 1 };

export interface IdentityTestServer {
  app: FastifyInstance;
  db: TestDb;
  origin: string;
  basePath: string;
  config: IdentityConfig;
  keys: KeyStore;
  close(): Promise<void>;
}

/** The plugin under /.ory on a Fastify server listening on 127.0.0.1, over a fresh test database. */
export async function startIdentityServer(
  overrides: Partial<IdentityConfig> = {},
  options: { db?: TestDb } = {},
): Promise<IdentityTestServer> {
  const db = options.db ?? (await createTestDb());
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = identityConfig(
    { webUrl: origin, publicUrl: `${origin}/.ory` },
    { argon2: TEST_ARGON2, courierPollMs: 50, ...overrides },
  );
  const app = Fastify({ logger: { level: process.env.TEST_LOG_LEVEL ?? 'silent' } });
  let keys: KeyStore | undefined;
  await app.register(identityPlugin, {
    db: db.db,
    config,
    prefix: '/.ory',
    onKeys: (store) => {
      keys = store;
    },
  });
  await app.listen({ host: '127.0.0.1', port });
  if (!keys) throw new Error('the plugin did not hand over its key store');
  return {
    app,
    db,
    origin,
    basePath: `${origin}/.ory`,
    config,
    keys,
    close: async () => {
      await app.close();
      if (!options.db) await db.close();
    },
  };
}

/**
 * A browser signed in through the password login flow, as the SPA does it: its SDK and cookie jar (its own
 * session), and the JWT whoami tokenizes for that session (the product API's credential).
 */
export async function signInBrowser(server: IdentityTestServer, email: string, password: string) {
  const browser = frontendApi(server.basePath);
  const flow = await browser.api.createBrowserLoginFlow();
  await browser.api.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: { method: 'password', identifier: email, password, csrf_token: csrfOf(flow) },
  });
  const session = await browser.api.toSession({ tokenizeAs: server.config.tokenizeTemplate });
  if (!session.tokenized) throw new Error('whoami gave no tokenized JWT');
  return { ...browser, jwt: session.tokenized };
}

/** An identity with a password and, unless told otherwise, a verified address: a user who can sign in. */
export async function createUser(
  server: IdentityTestServer,
  email: string,
  password: string,
  verified = true,
): Promise<string> {
  const identity = await createIdentity(server.db.db, {
    email,
    hashedPassword: await hashPassword(password, server.config.argon2),
    verified,
  });
  return identity.id;
}
