// Local fakes of the APIs tool facts come from, over real HTTP on 127.0.0.1, one server with a path prefix
// per upstream: the GitHub REST API (repository, latest release, contributors with a Link header; ETags and
// 304 for If-None-Match), the npm registry and its downloads API, PyPI's JSON API, crates.io and deps.dev
// (projects with their Scorecard and packages, package versions, dependency graphs). Failures (rate limits
// with retry-after, 5xx) can be injected per path; every request is recorded.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FactsSettings } from '@stackyard/api/facts/facts-settings';

export interface FakeRepo {
  /** owner/name */
  fullName: string;
  stars: number;
  forks: number;
  openIssues: number;
  /** SPDX id; null: GitHub does not recognise it (NOASSERTION). */
  license: string | null;
  language: string | null;
  topics: string[];
  archived: boolean;
  pushedAt: string;
  release: { tag: string; date: string } | null;
  contributors: number;
  /** deps.dev's project: its Scorecard and the packages it publishes (absent: deps.dev does not know it). */
  project?: { scorecard: number | null; packages: Array<{ system: string; name: string; version: string }> };
}

export interface FakeNpmPackage {
  name: string;
  version: string;
  license: string;
  dependencies: Record<string, string>;
  types?: string;
  keywords?: string[];
  /** The latest version's deprecation message, as npm sends it. */
  deprecated?: string;
  published: string;
  /** null: the downloads API answers 404 for it. */
  weekly: number | null;
  monthly: number | null;
}

export interface FakePypiPackage {
  name: string;
  version: string;
  license: string | null;
  requires: string[];
  uploaded: string;
}

export interface FakeCrate {
  name: string;
  version: string;
  license: string;
  created: string;
  /** Downloads per day, the last day last. */
  daily: number[];
  dependencies: number;
}

export interface FakeDepsDevPackage {
  system: string;
  name: string;
  version: string;
  published: string;
  licenses: string[];
  directDependencies: number;
}

export interface InjectedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeRequest {
  method: string;
  path: string;
  status: number;
  headers: IncomingMessage['headers'];
}

export interface FakeFactsUpstreams {
  url: string;
  /** Keyed by the lower-cased full name: add through addRepo. */
  repos: Map<string, FakeRepo>;
  addRepo(repo: FakeRepo): void;
  npm: Map<string, FakeNpmPackage>;
  pypi: Map<string, FakePypiPackage>;
  crates: Map<string, FakeCrate>;
  /** Keyed by `SYSTEM:name`. */
  depsDev: Map<string, FakeDepsDevPackage>;
  requests: FakeRequest[];
  /** Answers the next `times` requests whose path matches with this instead. */
  fail(match: RegExp, answer: InjectedAnswer, times?: number): void;
  /** The facts settings pointing at this fake, loopback allowlisted. */
  settings(overrides?: { token?: string }): Partial<FactsSettings>;
  close(): Promise<void>;
}

export function fakeRepo(fullName: string, overrides: Partial<FakeRepo> = {}): FakeRepo {
  return {
    fullName,
    stars: 1000,
    forks: 100,
    openIssues: 10,
    license: 'MIT',
    language: 'TypeScript',
    topics: ['web'],
    archived: false,
    pushedAt: '2026-11-01T10:00:00Z',
    release: { tag: 'v1.0.0', date: '2026-10-01T10:00:00Z' },
    contributors: 42,
    ...overrides,
  };
}

export async function startFakeFactsUpstreams(): Promise<FakeFactsUpstreams> {
  const repos = new Map<string, FakeRepo>();
  const npm = new Map<string, FakeNpmPackage>();
  const pypi = new Map<string, FakePypiPackage>();
  const crates = new Map<string, FakeCrate>();
  const depsDev = new Map<string, FakeDepsDevPackage>();
  const requests: FakeRequest[] = [];
  const injected: Array<{ match: RegExp; answer: InjectedAnswer; times: number }> = [];

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      const sent = reply(response, request, status, body, headers);
      requests.push({
        method: request.method ?? 'GET',
        path: `${path}${url.search}`,
        status: sent,
        headers: request.headers,
      });
    };
    const rule = injected.find((entry) => entry.times > 0 && entry.match.test(`${path}${url.search}`));
    if (rule) {
      rule.times -= 1;
      send(
        rule.answer.status,
        rule.answer.body ?? { message: `injected ${rule.answer.status}` },
        rule.answer.headers,
      );
      return;
    }
    const answer = route(path, url.searchParams);
    send(answer.status, answer.body, answer.headers);
  });

  function route(path: string, query: URLSearchParams): InjectedAnswer {
    const parts = path.split('/').slice(1).map(decodeURIComponent);
    const [prefix, ...rest] = parts;
    if (prefix === 'github') return github(rest, query);
    if (prefix === 'npm') return npmRegistry(rest);
    if (prefix === 'downloads') return npmDownloads(rest);
    if (prefix === 'pypi') return pypiJson(rest);
    if (prefix === 'crates') return cratesApi(rest);
    if (prefix === 'depsdev') return depsDevApi(path.slice('/depsdev'.length));
    return notFound;
  }

  const notFound: InjectedAnswer = { status: 404, body: { message: 'Not Found' } };

  function github(parts: string[], query: URLSearchParams): InjectedAnswer {
    const [repos_, owner, name, ...tail] = parts;
    const repo = repos_ === 'repos' ? repos.get(`${owner}/${name}`.toLowerCase()) : undefined;
    if (!repo) return notFound;
    const sub = tail.join('/');
    if (sub === '') {
      return {
        status: 200,
        body: {
          full_name: repo.fullName,
          html_url: `https://github.com/${repo.fullName}`,
          stargazers_count: repo.stars,
          forks_count: repo.forks,
          open_issues_count: repo.openIssues,
          license: repo.license ? { spdx_id: repo.license } : { spdx_id: 'NOASSERTION' },
          language: repo.language,
          topics: repo.topics,
          archived: repo.archived,
          pushed_at: repo.pushedAt,
        },
      };
    }
    if (sub === 'releases/latest') {
      return repo.release
        ? { status: 200, body: { tag_name: repo.release.tag, published_at: repo.release.date } }
        : notFound;
    }
    if (sub === 'contributors') {
      const page = Number(query.get('page') ?? '1');
      if (repo.contributors === 0) return { status: 204 };
      const base = `/github/repos/${repo.fullName}/contributors?per_page=1&anon=true`;
      return {
        status: 200,
        body: [{ login: `user${page}`, contributions: 1 }],
        headers:
          repo.contributors > 1
            ? { link: `<${base}&page=2>; rel="next", <${base}&page=${repo.contributors}>; rel="last"` }
            : {},
      };
    }
    return notFound;
  }

  function npmRegistry(parts: string[]): InjectedAnswer {
    const [first, second, third] = parts;
    const name = first?.startsWith('@') && second && second !== 'latest' ? `${first}/${second}` : first;
    const tail = name === first ? second : third;
    const pkg = name ? npm.get(name) : undefined;
    if (!pkg || tail !== 'latest') return notFound;
    return {
      status: 200,
      body: {
        name: pkg.name,
        version: pkg.version,
        license: pkg.license,
        dependencies: pkg.dependencies,
        ...(pkg.types ? { types: pkg.types } : {}),
        ...(pkg.keywords ? { keywords: pkg.keywords } : {}),
        ...(pkg.deprecated ? { deprecated: pkg.deprecated } : {}),
      },
    };
  }

  function npmDownloads(parts: string[]): InjectedAnswer {
    const [, , period, ...nameParts] = parts;
    const pkg = npm.get(nameParts.join('/'));
    const count = period === 'last-week' ? pkg?.weekly : pkg?.monthly;
    if (!pkg || count === null || count === undefined) {
      return { status: 404, body: { error: `package ${nameParts.join('/')} not found` } };
    }
    return { status: 200, body: { downloads: count, package: pkg.name } };
  }

  function pypiJson(parts: string[]): InjectedAnswer {
    const pkg = parts[0] === 'pypi' && parts[2] === 'json' ? pypi.get(parts[1] ?? '') : undefined;
    if (!pkg) return notFound;
    return {
      status: 200,
      body: {
        info: { version: pkg.version, license: pkg.license, requires_dist: pkg.requires },
        urls: [{ upload_time_iso_8601: pkg.uploaded }],
      },
    };
  }

  function cratesApi(parts: string[]): InjectedAnswer {
    const [, , , name, tail, tail2] = parts;
    const crate =
      parts[0] === 'api' && parts[1] === 'v1' && parts[2] === 'crates' ? crates.get(name ?? '') : undefined;
    if (!crate) return notFound;
    if (tail === undefined) {
      return {
        status: 200,
        body: {
          crate: { max_stable_version: crate.version, newest_version: crate.version },
          versions: [{ num: crate.version, license: crate.license, created_at: crate.created }],
        },
      };
    }
    if (tail === 'downloads') {
      const today = Date.UTC(2026, 10, 24);
      return {
        status: 200,
        body: {
          version_downloads: crate.daily.map((downloads, index) => ({
            date: new Date(today - (crate.daily.length - 1 - index) * 86_400_000).toISOString().slice(0, 10),
            downloads,
          })),
          meta: { extra_downloads: [] },
        },
      };
    }
    if (tail === crate.version && tail2 === 'dependencies') {
      return {
        status: 200,
        body: {
          dependencies: Array.from({ length: crate.dependencies }, (_, index) => ({
            crate_id: `dep${index}`,
            kind: 'normal',
            optional: false,
          })),
        },
      };
    }
    return notFound;
  }

  function depsDevApi(path: string): InjectedAnswer {
    const project = /^\/v3\/projects\/([^/:]+)(:packageversions)?$/.exec(path);
    if (project?.[1]) {
      const id = decodeURIComponent(project[1]);
      const repo = repos.get(id.replace(/^github\.com\//, '').toLowerCase());
      if (!repo?.project) return notFound;
      if (project[2]) {
        return {
          status: 200,
          body: {
            versions: repo.project.packages.map((pkg) => ({
              versionKey: pkg,
              relationType: 'SOURCE_REPO',
            })),
          },
        };
      }
      return {
        status: 200,
        body: {
          projectKey: { id },
          ...(repo.project.scorecard !== null ? { scorecard: { overallScore: repo.project.scorecard } } : {}),
        },
      };
    }
    const version =
      /^\/v3\/systems\/([^/]+)\/packages\/([^/]+)(?:\/versions\/([^/:]+)(:dependencies)?)?$/.exec(path);
    if (!version?.[1] || !version[2]) return notFound;
    const system = version[1];
    const name = decodeURIComponent(version[2]);
    const known = depsDev.get(`${system}:${name}`);
    const npmPackage = system === 'NPM' ? npm.get(name) : undefined;
    const current =
      known ??
      (npmPackage && {
        version: npmPackage.version,
        published: npmPackage.published,
        licenses: [npmPackage.license],
        directDependencies: Object.keys(npmPackage.dependencies).length,
      });
    if (!current) return notFound;
    if (!version[3]) {
      return {
        status: 200,
        body: {
          versions: [
            {
              versionKey: { system, name, version: '0.0.1' },
              publishedAt: '2020-01-01T00:00:00Z',
              isDefault: false,
            },
            {
              versionKey: { system, name, version: current.version },
              publishedAt: current.published,
              isDefault: true,
            },
          ],
        },
      };
    }
    if (decodeURIComponent(version[3]) !== current.version) return notFound;
    if (version[4]) {
      return {
        status: 200,
        body: {
          nodes: [
            { versionKey: { system, name, version: current.version }, relation: 'SELF' },
            ...Array.from({ length: current.directDependencies }, () => ({ relation: 'DIRECT' })),
            { relation: 'INDIRECT' },
          ],
        },
      };
    }
    return {
      status: 200,
      body: {
        versionKey: { system, name, version: current.version },
        publishedAt: current.published,
        licenses: current.licenses,
      },
    };
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    repos,
    addRepo(repo) {
      // Found case-insensitively, as GitHub does.
      repos.set(repo.fullName.toLowerCase(), repo);
    },
    npm,
    pypi,
    crates,
    depsDev,
    requests,
    fail(match, answer, times = 1) {
      injected.push({ match, answer, times });
    },
    settings(overrides = {}) {
      return {
        github: { apiUrl: `${url}/github`, ...(overrides.token ? { token: overrides.token } : {}) },
        registries: {
          npmRegistryUrl: `${url}/npm`,
          npmDownloadsUrl: `${url}/downloads`,
          pypiUrl: `${url}/pypi`,
          cratesUrl: `${url}/crates`,
          depsDevUrl: `${url}/depsdev`,
        },
        http: { allowlist: ['127.0.0.1'] },
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** JSON with an ETag; a matching If-None-Match gets 304 without a body, as GitHub answers. */
function reply(
  response: ServerResponse,
  request: IncomingMessage,
  status: number,
  body: unknown,
  headers: Record<string, string>,
): number {
  if (status === 204 || body === undefined) {
    response.writeHead(status, headers).end();
    return status;
  }
  const text = JSON.stringify(body);
  if (status !== 200) {
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
    return status;
  }
  const etag = `W/"${createHash('sha1').update(text).digest('hex')}"`;
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, { etag, ...headers }).end();
    return 304;
  }
  response.writeHead(200, { 'content-type': 'application/json', etag, ...headers }).end(text);
  return 200;
}
