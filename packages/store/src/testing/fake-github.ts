// A local GitHub API over real HTTP on 127.0.0.1, implementing only what packages/store calls. It checks the
// app JWT against the app's public key and accepts only installation tokens it issued itself, so the client's
// authentication is tested for real; failures GitHub produces can be injected per request. It also serves
// GitHub's web side of an installation on the same origin (so GITHUB_WEB_URL and GITHUB_API_URL can both point
// at it): the install page, which sends the browser back to the app's callback with a one-time `code`, and
// the OAuth code exchange, whose user tokens list the installations each fake user may access.
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { FakeRepository } from './fake-git.ts';
import { handleGitRequest, type Reply } from './fake-github-git.ts';

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export interface FakeGithubApp {
  appId: string;
  /** PKCS#1 PEM, the form GitHub hands out. */
  privateKey: string;
  publicKey: KeyObject;
  /** The app's OAuth client (GITHUB_APP_CLIENT_ID, GITHUB_APP_CLIENT_SECRET). */
  clientId: string;
  clientSecret: string;
}

export function createFakeGithubApp(appId = '424242'): FakeGithubApp {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    appId,
    privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publicKey,
    clientId: `Iv23li${randomBytes(7).toString('hex')}`,
    clientSecret: randomBytes(20).toString('hex'),
  };
}

/** The GITHUB_APP_* variables of a server whose GitHub App is this fake's (web and API on the fake). */
export function fakeGithubEnv(
  fake: { url: string; app: FakeGithubApp },
  slug: string,
): Record<string, string> {
  return {
    GITHUB_APP_ID: fake.app.appId,
    GITHUB_APP_PRIVATE_KEY: fake.app.privateKey,
    GITHUB_APP_SLUG: slug,
    GITHUB_APP_CLIENT_ID: fake.app.clientId,
    GITHUB_APP_CLIENT_SECRET: fake.app.clientSecret,
    GITHUB_API_URL: fake.url,
    GITHUB_WEB_URL: fake.url,
  };
}

/** A GitHub account that can sign in and authorize the app; it may access the listed installations. */
export interface FakeUser {
  login: string;
  installations: Set<number>;
}

/** What the fake install page does: the user who is "signed in" and where GitHub sends them back. */
export interface FakeInstallFlow {
  /** The app's user authorization callback URL (…/callback/workspace_github_storage_update). */
  callbackUrl: string;
  login: string;
  /** The installation the user makes; default: the first one they can access. */
  installationId?: number;
}

export interface FakeInstallation {
  id: number;
  account: string;
  repositories: Set<string>;
  suspended: boolean;
  /** Stated with every token; contents: 'write' by default. */
  permissions: Record<string, string>;
}

/** A canned answer for the next matching request(s), before any normal handling. */
export interface InjectedFailure {
  method?: string;
  path: RegExp;
  status: number;
  message: string;
  headers?: Record<string, string>;
  /** How many matching requests fail; 1 by default. */
  times?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  status: number;
}

export interface FakeGithub {
  url: string;
  app: FakeGithubApp;
  requests: RecordedRequest[];
  addInstallation(id: number, account: string, repositories?: string[]): FakeInstallation;
  addRepository(
    fullName: string,
    options?: { files?: Record<string, string>; archived?: boolean },
  ): FakeRepository;
  repository(fullName: string): FakeRepository;
  removeRepository(fullName: string): void;
  /** Every token issued so far answers 401, as after a revocation or when it outlived its hour. */
  expireTokens(): void;
  failNext(failure: InjectedFailure): void;
  /** Runs once just before the next request matching `path` is handled (e.g. a concurrent push). */
  beforeNext(path: RegExp, action: () => void): void;
  /** How many requests matching method and path were answered. */
  count(method: string, path: RegExp): number;
  /** A GitHub user who may access these installations (GET /user/installations with their token). */
  addUser(login: string, installationIds?: number[]): FakeUser;
  /** A fresh one-time OAuth code for the user, as GitHub appends to the callback (valid ten minutes). */
  authorizationCode(login: string): string;
  /** Makes GET /apps/<slug>/installations/new redirect to the callback with a code, as GitHub does. */
  setInstallFlow(flow: FakeInstallFlow | null): void;
  /** User access tokens issued and not revoked. */
  activeUserTokens(): number;
  close(): Promise<void>;
}

export const SECONDARY_RATE_LIMIT_MESSAGE =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';

interface IssuedToken {
  installationId: number;
  expiresAt: number;
  revoked: boolean;
}

/** GitHub's answer to a code it does not take: HTTP 200 with an error, not a 4xx. */
const BAD_VERIFICATION_CODE = {
  error: 'bad_verification_code',
  error_description: 'The code passed is incorrect or expired.',
  error_uri:
    'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code',
};
const CODE_LIFETIME_MS = 10 * 60_000;

export async function startFakeGithub(
  options: { app?: FakeGithubApp; tokenLifetimeMs?: number; now?: () => number } = {},
): Promise<FakeGithub> {
  const app = options.app ?? createFakeGithubApp();
  const now = options.now ?? Date.now;
  const tokenLifetimeMs = options.tokenLifetimeMs ?? 60 * 60_000;
  const installations = new Map<number, FakeInstallation>();
  const repositories = new Map<string, FakeRepository>();
  const tokens = new Map<string, IssuedToken>();
  const failures: Array<InjectedFailure & { remaining: number }> = [];
  const hooks: Array<{ path: RegExp; action: () => void }> = [];
  const requests: RecordedRequest[] = [];
  const users = new Map<string, FakeUser>();
  const codes = new Map<string, { login: string; expiresAt: number; used: boolean }>();
  const userTokens = new Map<string, string>();
  let installFlow: FakeInstallFlow | null = null;
  let nextRepositoryId = 1000;

  function issueCode(login: string): string {
    if (!users.has(login)) throw new Error(`no fake GitHub user ${login}`);
    const code = randomBytes(10).toString('hex');
    codes.set(code, { login, expiresAt: now() + CODE_LIFETIME_MS, used: false });
    return code;
  }

  function installationJson(installation: FakeInstallation) {
    return {
      id: installation.id,
      app_id: Number(app.appId),
      account: { login: installation.account, type: 'Organization' },
      target_type: 'Organization',
      repository_selection: 'selected',
      permissions: installation.permissions,
      suspended_at: installation.suspended ? new Date(now()).toISOString() : null,
    };
  }

  /** The web side of GitHub and the user-token calls; null when the request is for the installation API. */
  function userRoute(request: IncomingMessage, url: URL, body: unknown): Reply | null {
    const method = request.method ?? 'GET';
    const path = url.pathname;
    if (/^\/apps\/[^/]+\/installations\/new$/.test(path) && method === 'GET') {
      const flow = installFlow;
      const user = flow ? users.get(flow.login) : undefined;
      const installationId = flow?.installationId ?? [...(user?.installations ?? [])][0];
      if (!flow || !user || installationId === undefined) {
        return { status: 404, body: { message: 'Not Found' } };
      }
      const target = new URL(flow.callbackUrl);
      target.searchParams.set('code', issueCode(user.login));
      target.searchParams.set('installation_id', String(installationId));
      target.searchParams.set('setup_action', 'install');
      const state = url.searchParams.get('state');
      if (state !== null) target.searchParams.set('state', state);
      return { status: 302, body: {}, headers: { location: target.href } };
    }
    if (path === '/login/oauth/access_token' && method === 'POST') {
      const fields = { ...Object.fromEntries(url.searchParams), ...record(body) };
      if (fields.client_id !== app.clientId || fields.client_secret !== app.clientSecret) {
        return {
          status: 200,
          body: {
            error: 'incorrect_client_credentials',
            error_description: 'The client_id and/or client_secret passed are incorrect.',
          },
        };
      }
      const issued = typeof fields.code === 'string' ? codes.get(fields.code) : undefined;
      if (!issued || issued.used || issued.expiresAt <= now()) {
        return { status: 200, body: BAD_VERIFICATION_CODE };
      }
      issued.used = true;
      const token = `ghu_${randomBytes(18).toString('hex')}`;
      userTokens.set(token, issued.login);
      return {
        status: 200,
        body: { access_token: token, expires_in: 28_800, scope: '', token_type: 'bearer' },
      };
    }
    const revoke = /^\/applications\/([^/]+)\/token$/.exec(path);
    if (revoke && method === 'DELETE') {
      const expected = `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`;
      if (revoke[1] !== app.clientId || request.headers.authorization !== expected) {
        return { status: 401, body: { message: 'Bad credentials' } };
      }
      const token = record(body).access_token;
      if (typeof token !== 'string' || !userTokens.delete(token)) {
        return { status: 404, body: { message: 'Not Found' } };
      }
      return { status: 204, body: null };
    }
    if (path === '/user/installations' && method === 'GET') {
      const token = /^(?:token|Bearer) (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const login = token === undefined ? undefined : userTokens.get(token);
      const user = login === undefined ? undefined : users.get(login);
      if (!user) return { status: 401, body: { message: 'Bad credentials' } };
      const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const accessible = [...user.installations]
        .map((id) => installations.get(id))
        .filter((installation): installation is FakeInstallation => installation !== undefined)
        .sort((a, b) => a.id - b.id);
      return {
        status: 200,
        body: {
          total_count: accessible.length,
          installations: accessible.slice((page - 1) * perPage, page * perPage).map(installationJson),
        },
      };
    }
    return null;
  }

  function repositoryJson(repository: FakeRepository, origin: string) {
    return {
      id: repository.id,
      name: repository.name,
      full_name: repository.fullName,
      owner: { login: repository.owner },
      private: repository.isPrivate,
      archived: repository.archived,
      default_branch: repository.defaultBranch,
      html_url: `${origin}/${repository.fullName}`,
    };
  }

  async function verifyAppJwt(header: string | undefined): Promise<boolean> {
    const jwt = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
    if (!jwt) return false;
    try {
      const { payload } = await jwtVerify(jwt, app.publicKey, {
        algorithms: ['RS256'],
        issuer: app.appId,
        currentDate: new Date(now()),
      });
      // GitHub refuses JWTs that claim to live longer than ten minutes.
      return (
        typeof payload.exp === 'number' && typeof payload.iat === 'number' && payload.exp - payload.iat <= 660
      );
    } catch {
      return false;
    }
  }

  function installationFor(header: string | undefined): FakeInstallation | null {
    const token = /^(?:token|Bearer) (.+)$/i.exec(header ?? '')?.[1];
    const issued = token === undefined ? undefined : tokens.get(token);
    if (!issued || issued.revoked || issued.expiresAt <= now()) return null;
    return installations.get(issued.installationId) ?? null;
  }

  async function route(request: IncomingMessage, url: URL, body: unknown, origin: string): Promise<Reply> {
    const method = request.method ?? 'GET';
    const path = url.pathname;
    const tokenRequest = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(path);
    if (tokenRequest && method === 'POST') {
      if (!(await verifyAppJwt(request.headers.authorization))) {
        return { status: 401, body: { message: 'A JSON web token could not be decoded' } };
      }
      const installation = installations.get(Number(tokenRequest[1]));
      if (!installation) return { status: 404, body: { message: 'Not Found' } };
      if (installation.suspended)
        return { status: 403, body: { message: 'This installation has been suspended' } };
      const token = `ghs_${randomBytes(18).toString('hex')}`;
      const expiresAt = now() + tokenLifetimeMs;
      tokens.set(token, { installationId: installation.id, expiresAt, revoked: false });
      return {
        status: 201,
        body: {
          token,
          expires_at: new Date(expiresAt).toISOString(),
          permissions: installation.permissions,
          repository_selection: 'selected',
        },
      };
    }

    const user = userRoute(request, url, body);
    if (user) return user;

    const installation = installationFor(request.headers.authorization);
    if (!installation) return { status: 401, body: { message: 'Bad credentials' } };
    if (installation.suspended)
      return { status: 403, body: { message: 'This installation has been suspended' } };

    if (path === '/installation/repositories' && method === 'GET') {
      const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const reachable = [...installation.repositories]
        .map((fullName) => repositories.get(fullName))
        .filter((repository): repository is FakeRepository => repository !== undefined)
        .sort((a, b) => a.id - b.id);
      return {
        status: 200,
        body: {
          total_count: reachable.length,
          repository_selection: 'selected',
          repositories: reachable
            .slice((page - 1) * perPage, page * perPage)
            .map((r) => repositoryJson(r, origin)),
        },
      };
    }

    const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
    if (repoPath) {
      const fullName = `${decodeURIComponent(repoPath[1] ?? '')}/${decodeURIComponent(repoPath[2] ?? '')}`;
      const repository = repositories.get(fullName);
      // GitHub hides repositories an installation cannot reach behind the same 404 as missing ones.
      if (!repository || !installation.repositories.has(fullName)) {
        return { status: 404, body: { message: 'Not Found' } };
      }
      // Octokit percent-encodes slashes inside one parameter (heads%2Fmain, a%2Fb.md); GitHub accepts both.
      const rest = decodeURIComponent(repoPath[3] ?? '');
      if (rest === '' && method === 'GET') return { status: 200, body: repositoryJson(repository, origin) };
      const answer = handleGitRequest(repository, method, rest, url, body);
      if (answer) return answer;
    }
    return { status: 404, body: { message: 'Not Found' } };
  }

  const server = http.createServer((request, response) => {
    void serve(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: error instanceof Error ? error.message : 'fake failure' }));
    });
  });

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const origin = `http://${request.headers.host ?? '127.0.0.1'}`;
    const url = new URL(request.url ?? '/', origin);
    const method = request.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    if (text !== '' && request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      body = Object.fromEntries(new URLSearchParams(text));
    } else if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return send(response, method, url, { status: 400, body: { message: 'Problems parsing JSON' } });
      }
    }
    // Matching and the request log use the decoded path, as a test writes it: /git/refs/heads/main.
    const path = decodeURIComponent(url.pathname);
    const hook = hooks.findIndex((entry) => entry.path.test(path));
    if (hook >= 0) hooks.splice(hook, 1)[0]?.action();
    const failure = failures.find(
      (entry) => entry.remaining > 0 && entry.path.test(path) && (!entry.method || entry.method === method),
    );
    if (failure) {
      failure.remaining--;
      return send(response, method, url, {
        status: failure.status,
        body: { message: failure.message },
        headers: failure.headers ?? {},
      });
    }
    return send(response, method, url, await route(request, url, body, origin));
  }

  function send(response: ServerResponse, method: string, url: URL, reply: Reply) {
    requests.push({ method, path: decodeURIComponent(url.pathname), status: reply.status });
    response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers });
    response.end(reply.status === 204 ? undefined : JSON.stringify(reply.body));
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    app,
    requests,
    addInstallation(id, account, names = []) {
      const installation = {
        id,
        account,
        repositories: new Set(names),
        suspended: false,
        permissions: { contents: 'write', metadata: 'read' },
      };
      installations.set(id, installation);
      return installation;
    },
    addRepository(fullName, repositoryOptions = {}) {
      const [owner, name] = fullName.split('/');
      if (!owner || !name) throw new Error(`not owner/name: ${fullName}`);
      const repository = new FakeRepository(owner, name, nextRepositoryId++);
      repository.archived = repositoryOptions.archived ?? false;
      if (repositoryOptions.files) repository.push(repositoryOptions.files, 'Initial commit');
      repositories.set(fullName, repository);
      return repository;
    },
    repository(fullName) {
      const repository = repositories.get(fullName);
      if (!repository) throw new Error(`no fake repository ${fullName}`);
      return repository;
    },
    removeRepository(fullName) {
      repositories.delete(fullName);
    },
    expireTokens() {
      for (const token of tokens.values()) token.revoked = true;
    },
    failNext(failure) {
      failures.push({ ...failure, remaining: failure.times ?? 1 });
    },
    beforeNext(path, action) {
      hooks.push({ path, action });
    },
    count(method, path) {
      return requests.filter((entry) => entry.method === method && path.test(entry.path)).length;
    },
    addUser(login, installationIds = []) {
      const user = { login, installations: new Set(installationIds) };
      users.set(login, user);
      return user;
    },
    authorizationCode: issueCode,
    setInstallFlow(flow) {
      installFlow = flow;
    },
    activeUserTokens() {
      return userTokens.size;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
