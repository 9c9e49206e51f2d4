import type { FactStatus, RepositoryFacts } from '@stackyard/contracts/facts';
import { rateLimit } from '@stackyard/store/github-failure';
import { field, header, int, isoOrNull, str, type FetchJson, type JsonAnswer } from './facts-http.ts';

// A repository's facts from the GitHub REST API: the repository, its latest release and its contributors
// count (one entry per page, the count read from the Link header). Every request is conditional on the
// ETag of the last answer: a 304 costs no rate limit and keeps the facts as they were.

export interface GithubSettings {
  apiUrl: string;
  /** Optional: raises the rate limit from 60 to 5,000 requests an hour. */
  token?: string | undefined;
}

export interface FetchOutcome<T> {
  status: FactStatus;
  error: string | null;
  /** The facts to keep: fresh ones, the previous ones confirmed by 304s, or the previous ones on failure. */
  data: T | null;
  etags: Record<string, string>;
  /** Set when the upstream asked us to wait before the next request. */
  retryAfterMs?: number;
  requests: number;
  /** Requests answered 304 Not Modified. */
  saved: number;
}

type Step = { kind: 'fresh'; json: unknown; answer: JsonAnswer } | { kind: 'same' } | { kind: 'missing' };

class StopFetch extends Error {
  readonly status: FactStatus;
  readonly retryAfterMs: number | undefined;
  constructor(status: FactStatus, message: string, retryAfterMs?: number) {
    super(message);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

export async function fetchRepositoryFacts(
  fetchJson: FetchJson,
  settings: GithubSettings,
  repository: string,
  previous: { data: RepositoryFacts | null; etags: Record<string, string> },
  now: Date,
  signal?: AbortSignal,
): Promise<FetchOutcome<RepositoryFacts>> {
  const etags = new Map(Object.entries(previous.etags));
  let requests = 0;
  let saved = 0;
  const base = `${settings.apiUrl}/repos/${repository}`;

  async function get(key: string, url: string): Promise<Step> {
    const headers: Record<string, string> = {
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
    };
    if (settings.token) headers.authorization = `Bearer ${settings.token}`;
    // An ETag is only worth sending when the facts it stands for are still kept.
    const etag = etags.get(key);
    if (etag && previous.data) headers['if-none-match'] = etag;
    requests += 1;
    const result = await fetchJson(url, headers, signal);
    if (!result.ok) throw new StopFetch('failed', `GitHub could not be reached: ${result.error}`);
    const { answer } = result;
    if (answer.status === 304) {
      saved += 1;
      return { kind: 'same' };
    }
    if (answer.status === 403 || answer.status === 429) {
      const detail = str(field(answer.json, 'message')) ?? '';
      const limit = rateLimit(answer.status, answer.headers, detail, Date.now);
      if (limit) {
        const seconds = Math.ceil((limit.retryAfterMs ?? 60_000) / 1000);
        throw new StopFetch(
          'rate_limited',
          `GitHub asked to slow down; trying again in ${seconds} s.`,
          limit.retryAfterMs,
        );
      }
      throw new StopFetch('failed', `GitHub refused the request (${answer.status}): ${detail}`);
    }
    if (answer.status === 404) return { kind: 'missing' };
    if (answer.status === 204) return { kind: 'fresh', json: [], answer };
    if (answer.status !== 200) throw new StopFetch('failed', `GitHub answered ${answer.status}.`);
    const newEtag = header(answer.headers, 'etag');
    if (newEtag) etags.set(key, newEtag);
    else etags.delete(key);
    return { kind: 'fresh', json: answer.json, answer };
  }

  try {
    const repo = await get('repo', base);
    if (repo.kind === 'missing') {
      throw new StopFetch('not_found', `The repository ${repository} was not found on GitHub.`);
    }
    const old = previous.data;
    const release = await get('release', `${base}/releases/latest`);
    const contributors = await get('contributors', `${base}/contributors?per_page=1&anon=true`);
    const fields = repo.kind === 'fresh' ? repoFields(repo.json, repository) : old;
    if (!fields) throw new StopFetch('failed', 'GitHub answered 304 without facts kept.');
    const data: RepositoryFacts = {
      ...fields,
      source: 'github',
      fetched_at: now.toISOString(),
      latest_release:
        release.kind === 'same'
          ? (old?.latest_release ?? null)
          : release.kind === 'missing'
            ? null
            : releaseOf(release.json),
      contributors:
        contributors.kind === 'same'
          ? (old?.contributors ?? null)
          : contributors.kind === 'missing'
            ? null
            : contributorCount(contributors.answer, contributors.json),
      // deps.dev's, set by the refresh.
      scorecard: old?.scorecard ?? null,
    };
    return { status: 'ok', error: null, data, etags: Object.fromEntries(etags), requests, saved };
  } catch (error) {
    if (!(error instanceof StopFetch)) throw error;
    return {
      status: error.status,
      error: error.message,
      // A repository that is gone has no facts; any other failure keeps the last ones.
      data: error.status === 'not_found' ? null : previous.data,
      etags: error.status === 'not_found' ? {} : Object.fromEntries(etags),
      ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
      requests,
      saved,
    };
  }
}

type RepoFields = Omit<
  RepositoryFacts,
  'source' | 'fetched_at' | 'latest_release' | 'contributors' | 'scorecard'
>;

function repoFields(json: unknown, repository: string): RepoFields {
  return {
    full_name: str(field(json, 'full_name')) ?? repository,
    url: str(field(json, 'html_url')) ?? `https://github.com/${repository}`,
    stars: int(field(json, 'stargazers_count')) ?? 0,
    forks: int(field(json, 'forks_count')) ?? 0,
    open_issues: int(field(json, 'open_issues_count')) ?? 0,
    license: spdx(field(json, 'license', 'spdx_id')),
    language: str(field(json, 'language')),
    topics: topicsOf(field(json, 'topics')),
    archived: field(json, 'archived') === true,
    last_push_at: isoOrNull(field(json, 'pushed_at')),
  };
}

/** GitHub's NOASSERTION (a licence it does not recognise) is no SPDX identifier. */
function spdx(value: unknown): string | null {
  const id = str(value);
  return id && id !== 'NOASSERTION' ? id : null;
}

function topicsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((topic): topic is string => typeof topic === 'string') : [];
}

function releaseOf(json: unknown): RepositoryFacts['latest_release'] {
  const tag = str(field(json, 'tag_name'));
  return tag
    ? { tag, date: isoOrNull(field(json, 'published_at')) ?? isoOrNull(field(json, 'created_at')) }
    : null;
}

/** With one contributor per page, the last page's number is the count. */
function contributorCount(answer: JsonAnswer, json: unknown): number | null {
  const link = header(answer.headers, 'link') ?? '';
  const last = /[?&]page=(\d+)[^>]*>;\s*rel="last"/.exec(link);
  if (last?.[1]) return Number(last[1]);
  return Array.isArray(json) ? json.length : null;
}
