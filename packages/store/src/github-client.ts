// stackyard's side of GitHub: what an installation can reach, whether one repository can be linked, and
// writing the workspace as one commit. Every call returns a value (see github-failure.ts), never throws.
import { Octokit } from '@octokit/core';
import { RequestError } from '@octokit/request-error';
import { createInstallationTokens } from './app-auth.ts';
import {
  commitFiles,
  type CommitChange,
  type InstallationCall,
  type CommitOutcome,
  type RepositoryTarget,
  treeOfCommit,
} from './commit-files.ts';
import type { GithubAppConfig } from './config.ts';
import { classifyError, failed, ok, type GithubFailure, type GithubResult } from './github-failure.ts';
import { createInstallationAccessCheck } from './user-authorization.ts';

export interface InstallationRepository {
  owner: string;
  name: string;
  full_name: string;
  private: boolean;
  archived: boolean;
  default_branch: string;
  html_url: string;
}

/** A file of a repository's tree: its path, blob SHA and size in bytes. */
export interface RepositoryFile {
  path: string;
  sha: string;
  size: number;
}

/** The files at the head of the default branch; truncated when GitHub listed only part of a large tree. */
export interface RepositoryTree {
  branch: string;
  /** Null for an empty repository (no commit yet, no files). */
  commitSha: string | null;
  files: RepositoryFile[];
  truncated: boolean;
}

/** The POST github/check answer, plus the failure behind a `false` for logs and health. */
export interface RepositoryCheck {
  accessible: boolean;
  repository_url: string | null;
  message: string;
  failure?: GithubFailure;
}

export interface GithubClient {
  listInstallationRepositories(installationId: number): Promise<GithubResult<InstallationRepository[]>>;
  checkRepository(target: RepositoryTarget): Promise<RepositoryCheck>;
  commitFiles(target: RepositoryTarget, change: CommitChange): Promise<GithubResult<CommitOutcome>>;
  /** Lists every file at the head of the branch, the default one when null (one recursive tree request, no contents). */
  readTree(target: RepositoryTarget, branch?: string | null): Promise<GithubResult<RepositoryTree>>;
  /** One file's content as UTF-8 text, by the blob SHA readTree gave. */
  readBlob(target: RepositoryTarget, sha: string): Promise<GithubResult<string>>;
  /**
   * Exchanges the `code` the installation callback came back with for a user token and checks that the user
   * can access the installation (failure `installation_not_accessible` when not, `authorization_invalid`
   * when the code is refused). The token is revoked afterwards and never kept.
   */
  verifyInstallationAccess(code: string, installationId: number): Promise<GithubResult<void>>;
}

export interface GithubClientOptions {
  /** Replaces the global fetch (tests, a proxy-aware agent). */
  fetch?: typeof fetch;
  now?: () => number;
  userAgent?: string;
}

/** The OAuth part is optional for callers that never link installations (without it, verifying fails). */
type ClientConfig = Pick<GithubAppConfig, 'appId' | 'privateKey' | 'apiBaseUrl'> &
  Partial<Pick<GithubAppConfig, 'clientId' | 'clientSecret' | 'webBaseUrl'>>;

const PAGE_SIZE = 100;
/** An installation on thousands of repositories is listed up to here; the picker cannot show more anyway. */
const MAX_PAGES = 50;

export function createGithubClient(config: ClientConfig, options: GithubClientOptions = {}): GithubClient {
  const now = options.now ?? Date.now;
  const octokit = new Octokit({
    baseUrl: config.apiBaseUrl.replace(/\/+$/, ''),
    userAgent: options.userAgent ?? 'stackyard-store',
    ...(options.fetch ? { request: { fetch: options.fetch } } : {}),
  });
  const tokens = createInstallationTokens({
    octokit,
    appId: config.appId,
    privateKey: config.privateKey,
    now,
  });
  const verifyInstallationAccess = createInstallationAccessCheck({
    octokit,
    webBaseUrl: config.webBaseUrl ?? 'https://github.com',
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    fetch: options.fetch ?? globalThis.fetch,
    now,
  });

  /**
   * GitHub answers 401 to a token that was revoked or expired before its stated time: mint a new one once and
   * repeat the request; a second 401 means the installation itself is gone.
   */
  function caller(installationId: number): InstallationCall {
    return async (run) => {
      const token = await tokens.get(installationId);
      try {
        return await run({ authorization: `token ${token}` });
      } catch (error) {
        if (!(error instanceof RequestError) || error.status !== 401) throw error;
        tokens.invalidate(installationId, token);
        const fresh = await tokens.get(installationId);
        return run({ authorization: `token ${fresh}` });
      }
    };
  }

  return {
    verifyInstallationAccess,

    async listInstallationRepositories(installationId) {
      const call = caller(installationId);
      const repositories: InstallationRepository[] = [];
      try {
        for (let page = 1; page <= MAX_PAGES; page++) {
          const response = await call((headers) =>
            octokit.request('GET /installation/repositories', { per_page: PAGE_SIZE, page, headers }),
          );
          for (const repository of response.data.repositories) {
            repositories.push({
              owner: repository.owner.login,
              name: repository.name,
              full_name: repository.full_name,
              private: repository.private,
              archived: repository.archived,
              default_branch: repository.default_branch,
              html_url: repository.html_url,
            });
          }
          const total = response.data.total_count;
          if (response.data.repositories.length < PAGE_SIZE || repositories.length >= total) break;
        }
      } catch (error) {
        return failed(classifyError(error, { now }));
      }
      repositories.sort((a, b) => a.full_name.localeCompare(b.full_name));
      return ok(repositories);
    },

    async checkRepository(target) {
      const full = `${target.owner}/${target.name}`;
      try {
        const response = await caller(target.installationId)((headers) =>
          octokit.request('GET /repos/{owner}/{repo}', { owner: target.owner, repo: target.name, headers }),
        );
        const repository = response.data;
        if (repository.archived) {
          return {
            accessible: false,
            repository_url: repository.html_url,
            message: `The repository ${repository.full_name} is archived, so stackyard cannot write to it. Unarchive it or choose another repository.`,
            failure: {
              code: 'repository_archived',
              message: `The repository ${repository.full_name} is archived.`,
              retryable: false,
            },
          };
        }
        // Reading works with metadata access alone; syncing needs contents: write, so say so now, not at the first sync.
        const contents = tokens.permissions(target.installationId)?.contents;
        if (contents !== undefined && contents !== 'write') {
          const message = `The GitHub App can see ${repository.full_name} but may not write to it. Grant the app read and write access to repository contents, then check again.`;
          return {
            accessible: false,
            repository_url: repository.html_url,
            message,
            failure: { code: 'forbidden', message, retryable: false },
          };
        }
        return {
          accessible: true,
          repository_url: repository.html_url,
          message: `stackyard can reach ${repository.full_name}.`,
        };
      } catch (error) {
        const failure = classifyError(error, { repository: full, now });
        return { accessible: false, repository_url: null, message: failure.message, failure };
      }
    },

    commitFiles(target, change) {
      return commitFiles({ octokit, call: caller(target.installationId), now }, target, change);
    },

    async readTree(target, wanted) {
      const call = caller(target.installationId);
      const repo = { owner: target.owner, repo: target.name };
      try {
        const { data } = await call((headers) =>
          octokit.request('GET /repos/{owner}/{repo}', { ...repo, headers }),
        );
        const branch = wanted ?? data.default_branch;
        const head = await call((headers) =>
          octokit.request('GET /repos/{owner}/{repo}/git/ref/{ref}', {
            ...repo,
            ref: `heads/${branch}`,
            headers,
          }),
        ).catch((error: unknown) => {
          // GitHub answers 409 for a repository without any commit: nothing to list.
          if (error instanceof RequestError && error.status === 409) return null;
          throw error;
        });
        if (!head) return ok({ branch, commitSha: null, files: [], truncated: false });
        const commitSha = head.data.object.sha;
        const tree = await treeOfCommit({ octokit, call }, repo, commitSha);
        const files = tree.data.tree.flatMap((entry) =>
          entry.type === 'blob' && entry.path && entry.sha
            ? [{ path: entry.path, sha: entry.sha, size: entry.size ?? 0 }]
            : [],
        );
        return ok({ branch, commitSha, files, truncated: tree.data.truncated });
      } catch (error) {
        return failed(classifyError(error, { repository: `${target.owner}/${target.name}`, now }));
      }
    },

    async readBlob(target, sha) {
      try {
        const { data } = await caller(target.installationId)((headers) =>
          octokit.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', {
            owner: target.owner,
            repo: target.name,
            file_sha: sha,
            headers,
          }),
        );
        return ok(Buffer.from(data.content, data.encoding === 'base64' ? 'base64' : 'utf8').toString('utf8'));
      } catch (error) {
        return failed(classifyError(error, { repository: `${target.owner}/${target.name}`, now }));
      }
    },
  };
}
