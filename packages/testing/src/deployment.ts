// A deployment of several stackyard processes on one PostgreSQL, as production runs it: `--role api` and
// `--role worker` processes, one `--role identity`, and a round-robin reverse proxy on loopback in front
// (`/.ory/*` to the identity service, everything else to the API processes). Used by the multi-instance test
// (apps/server/src/multi-instance.test.ts) and by `npm run soak` (scripts/soak/main.ts).
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { csrfOf, frontendApi } from '@stackyard/identity/testing';
import { OFFLINE_FACTS_ENV, runTs, serverEntry, type Child } from './processes.ts';

export type Role = 'api' | 'identity' | 'worker';

/** The header the proxy sets on the 502 it answers when an upstream connection fails (a killed process). */
export const PROXY_ERROR_HEADER = 'x-proxy-error';

export interface Proxy {
  url: string;
  /** The API processes requests rotate over, and the identity process. */
  route(upstreams: { api: string[]; identity: string }): void;
  close(): Promise<void>;
}

/** The load balancer: round robin over the API processes; adds X-Forwarded-For like any proxy. */
export async function startProxy(): Promise<Proxy> {
  let api: string[] = [];
  let identity = '';
  let next = 0;
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const upstream = path.startsWith('/.ory/') ? identity : api[next++ % api.length];
    if (!upstream) {
      response.writeHead(503, { [PROXY_ERROR_HEADER]: 'no upstream' }).end();
      return;
    }
    const target = new URL(path, upstream);
    const forwarded = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean);
    const outgoing = http.request(target, {
      // A fresh connection per request: a pooled one could outlive a killed process and fail a later request.
      agent: false,
      method: request.method,
      headers: { ...request.headers, 'x-forwarded-for': forwarded.join(', ') },
    });
    outgoing.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      // The upstream died in the middle of its answer: the client sees a cut connection.
      answer.on('error', () => response.destroy());
      answer.on('aborted', () => response.destroy());
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { [PROXY_ERROR_HEADER]: error.code ?? 'upstream' }).end();
    });
    request.pipe(outgoing);
  });
  // Longer than any client's idle timeout: the client, not the proxy, closes an idle connection, so a
  // request is never sent on a socket the proxy is closing at that moment.
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    route(upstreams) {
      api = upstreams.api;
      identity = upstreams.identity;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export interface Instance {
  name: string;
  role: Role;
  child: Child & { url: string };
}

export interface Deployment {
  proxy: Proxy;
  instances: Instance[];
  /** Every instance of a role that is running. */
  of(role: Role): Instance[];
  /** Another process of the role at its own URL, not behind the proxy: e.g. a second identity service. */
  add(role: Role, name: string): Promise<Instance>;
  /** `kill -9`: the proxy stops sending it requests at once, requests in flight are cut. */
  kill(name: string): Promise<void>;
  /** A new process in the killed one's place (a new port), behind the proxy again. */
  restart(name: string): Promise<Instance>;
  close(): Promise<void>;
}

export interface DeploymentOptions {
  databaseUrl: string;
  /** Extra environment for every process. */
  env?: Record<string, string>;
  apis?: number;
  workers?: number;
}

/**
 * Starts the proxy first (every process needs its address as PUBLIC_URL: the identity service signs with
 * `<PUBLIC_URL>/.ory` as issuer and the API fetches the JWKS from there, through the proxy), then the
 * processes, all at once (migrations take turns through PostgreSQL's advisory lock).
 */
export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const proxy = await startProxy();
  const env = {
    DATABASE_URL: options.databaseUrl,
    PUBLIC_URL: proxy.url,
    // The proxy is on loopback: believe its X-Forwarded-For, so rate limits key on the real client.
    TRUST_PROXY: '127.0.0.1',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    DATABASE_POOL_MAX: '4',
    // Cheap password hashes (each hash records its cost); the production cost is measured by bench/identity.
    IDENTITY_ARGON2_MEMORY_KIB: '8192',
    IDENTITY_ARGON2_TIME_COST: '1',
    ...OFFLINE_FACTS_ENV,
    ...options.env,
  };
  const instances: Instance[] = [];
  // Killed processes, by name, until `restart` starts their replacement (only their role is needed).
  const killed = new Map<string, Instance>();
  const start = async (role: Role, name: string): Promise<Instance> => {
    const spawned = runTs(serverEntry, { HOST: '127.0.0.1', PORT: '0', ...env, ROLE: role });
    let url: string;
    try {
      // Generous: on a busy machine a start (and the migration lock) can take a while.
      url = (await spawned.waitFor(/stackyard listening on (http:\/\/\S+)/, 120_000))[1] as string;
    } catch (error) {
      spawned.process.kill('SIGKILL');
      throw error;
    }
    const instance = { name, role, child: Object.assign(spawned, { url }) };
    instances.push(instance);
    return instance;
  };
  const routeAll = () => {
    const identity = instances.find((instance) => instance.role === 'identity');
    proxy.route({
      api: instances.filter((instance) => instance.role === 'api').map((instance) => instance.child.url),
      identity: identity?.child.url ?? '',
    });
  };
  const remove = (name: string): Instance => {
    const index = instances.findIndex((instance) => instance.name === name);
    if (index === -1) throw new Error(`no running instance named ${name}`);
    return instances.splice(index, 1)[0] as Instance;
  };
  const stopAll = async () => {
    for (const instance of instances.splice(0)) {
      instance.child.process.kill('SIGKILL');
      await instance.child.exited;
    }
    await proxy.close();
  };

  // Settled, not raced: when one fails to start, the others are stopped only once they are up.
  const started = await Promise.allSettled([
    start('identity', 'identity-1'),
    ...Array.from({ length: options.apis ?? 2 }, (_, index) => start('api', `api-${index + 1}`)),
    ...Array.from({ length: options.workers ?? 2 }, (_, index) => start('worker', `worker-${index + 1}`)),
  ]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  routeAll();

  return {
    proxy,
    instances,
    of: (role) => instances.filter((instance) => instance.role === role),
    add: (role, name) => start(role, name),
    async kill(name) {
      const instance = remove(name);
      routeAll();
      instance.child.process.kill('SIGKILL');
      await instance.child.exited;
      killed.set(name, instance);
    },
    async restart(name) {
      const dead = killed.get(name);
      if (!dead) throw new Error(`${name} was not killed`);
      killed.delete(name);
      const instance = await start(dead.role, name);
      routeAll();
      return instance;
    },
    close: stopAll,
  };
}

/** A browser's password login through the identity service at `basePath`; answers the API's JWT. */
export async function signIn(basePath: string, email: string, password: string): Promise<string> {
  const browser = frontendApi(basePath);
  const flow = await browser.api.createBrowserLoginFlow();
  await browser.api.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: { method: 'password', identifier: email, password, csrf_token: csrfOf(flow) },
  });
  const session = await browser.api.toSession({ tokenizeAs: 'stackyard' });
  if (!session.tokenized) throw new Error('whoami gave no tokenized JWT');
  return session.tokenized;
}

/** A JSON call of the product API with a bearer token; answers the status and the parsed body. */
export async function callApi(
  baseUrl: string,
  jwt: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${jwt}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's bare 502, say): the text is the body.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
