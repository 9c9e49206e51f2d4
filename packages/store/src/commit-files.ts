// Writes a batch of files as ONE commit through the git data API, on top of whatever the repository holds:
// unchanged files are not rewritten, an unchanged batch makes no commit at all, and only paths the previous
// manifest says stackyard wrote can ever be deleted, so files people add to the repository stay.
import { createHash } from 'node:crypto';
import type { Octokit } from '@octokit/core';
import { RequestError } from '@octokit/request-error';
import {
  GithubFailureError,
  classifyError,
  failed,
  ok,
  type GithubFailure,
  type GithubResult,
} from './github-failure.ts';

export interface RepositoryTarget {
  installationId: number;
  owner: string;
  name: string;
}

export interface CommitChange {
  message: string;
  /** Path → UTF-8 text. Every path here is written (if its content differs from the repository's). */
  files: Readonly<Record<string, string>>;
  /**
   * Where the previous batch recorded what it wrote (stackyard.json), and how to read that record into
   * paths. Owned paths that are not in `files` any more are deleted; nothing else ever is.
   */
  manifestPath?: string;
  ownedPaths?: (previousManifest: string) => string[];
  /** Defaults to the repository's default branch. */
  branch?: string;
  /** Files written only where nobody changed what stackyard last wrote (see GuardedFiles). */
  guarded?: GuardedFiles;
}

/**
 * Files the user may take over (the AI export's AGENTS.md and the like). A path is written when the repository
 * has no file there, or holds the one stackyard last wrote (`lastWritten`: path → git blob SHA) or exactly
 * the new content; any other file there is the user's, and is left alone and reported as a conflict.
 */
export interface GuardedFiles {
  files: Readonly<Record<string, string>>;
  lastWritten: Readonly<Record<string, string>>;
}

export interface GuardedOutcome {
  /** Path → blob SHA of what the repository now holds from stackyard (written now, or already there). */
  written: Record<string, string>;
  /** Paths left alone because the repository's file differs from what stackyard last wrote. */
  conflicts: string[];
}

export interface CommitOutcome {
  committed: boolean;
  /** The branch head after the call (the new commit, or the unchanged head); null only for an empty batch on an empty repository. */
  commitSha: string | null;
  branch: string;
  written: string[];
  deleted: string[];
  /** Present when the change had guarded files. */
  guarded?: GuardedOutcome;
}

/** A request made with an installation token; `authorization` goes into the request's headers. */
export type InstallationCall = <T>(run: (headers: { authorization: string }) => Promise<T>) => Promise<T>;

interface Session {
  octokit: Octokit;
  call: InstallationCall;
  now: () => number;
}

/** The whole tree (recursive) of a commit: every path the repository holds at it. */
export async function treeOfCommit(
  { octokit, call }: Pick<Session, 'octokit' | 'call'>,
  repo: { owner: string; repo: string },
  commitSha: string,
) {
  const commit = await call((headers) =>
    octokit.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', {
      ...repo,
      commit_sha: commitSha,
      headers,
    }),
  );
  return call((headers) =>
    octokit.request('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', {
      ...repo,
      tree_sha: commit.data.tree.sha,
      recursive: '1',
      headers,
    }),
  );
}

type TreeEntry =
  | { path: string; mode: '100644'; type: 'blob'; content: string }
  | { path: string; mode: '100644'; type: 'blob'; sha: null };

/** The SHA git (and so GitHub) gives a blob with this content: lets us skip unchanged files without reading them. */
export function gitBlobSha(content: string): string {
  const bytes = Buffer.from(content, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Which guarded files may be written over what the repository holds, and which are the user's now. */
function settleGuarded(
  guarded: GuardedFiles,
  existing: ReadonlyMap<string, string>,
): { files: Record<string, string>; outcome: GuardedOutcome } {
  const files: Record<string, string> = {};
  const outcome: GuardedOutcome = { written: {}, conflicts: [] };
  for (const path of Object.keys(guarded.files).sort()) {
    const content = guarded.files[path] ?? '';
    const sha = gitBlobSha(content);
    const current = existing.get(path);
    if (current === undefined || current === sha || current === guarded.lastWritten[path]) {
      files[path] = content;
      outcome.written[path] = sha;
    } else {
      outcome.conflicts.push(path);
    }
  }
  return { files, outcome };
}

/** The files of the batch (guarded ones included where they may be written), and the guarded outcome. */
function batchFiles(change: CommitChange, existing: ReadonlyMap<string, string>) {
  if (!change.guarded) return { files: change.files, extra: {} };
  const settled = settleGuarded(change.guarded, existing);
  return { files: { ...settled.files, ...change.files }, extra: { guarded: settled.outcome } };
}

/** A concurrent push moves the branch between our read and our update; one fresh attempt settles it. */
const ATTEMPTS = 2;

export async function commitFiles(
  session: Session,
  target: RepositoryTarget,
  change: CommitChange,
): Promise<GithubResult<CommitOutcome>> {
  const repository = `${target.owner}/${target.name}`;
  for (let attempt = 1; ; attempt++) {
    try {
      return ok(await attemptCommit(session, target, change));
    } catch (error) {
      const failure = classifyError(error, { repository, now: session.now });
      const moved =
        error instanceof RequestError && error.status === 422 && /fast.?forward/i.test(failure.detail ?? '');
      if (moved && attempt < ATTEMPTS) continue;
      return failed(moved ? conflict(repository, failure) : failure);
    }
  }
}

async function attemptCommit(
  session: Session,
  target: RepositoryTarget,
  change: CommitChange,
): Promise<CommitOutcome> {
  const { octokit, call } = session;
  const repo = { owner: target.owner, repo: target.name };
  const info = await call((headers) => octokit.request('GET /repos/{owner}/{repo}', { ...repo, headers }));
  if (info.data.archived) {
    throw new GithubFailureError({
      code: 'repository_archived',
      message: `The repository ${info.data.full_name} is archived, so stackyard cannot write to it.`,
      retryable: false,
    });
  }
  const branch = change.branch ?? info.data.default_branch;

  let head: string;
  try {
    const ref = await call((headers) =>
      octokit.request('GET /repos/{owner}/{repo}/git/ref/{ref}', {
        ...repo,
        ref: `heads/${branch}`,
        headers,
      }),
    );
    head = ref.data.object.sha;
  } catch (error) {
    // GitHub answers 409 "Git Repository is empty." for a repository created without any commit (some
    // endpoints say 404). A non-empty repository always has its default branch, so a 404 for it means empty
    // too; a 404 for a branch the caller named is just a missing branch.
    const empty =
      error instanceof RequestError &&
      (error.status === 409 || (error.status === 404 && change.branch === undefined));
    if (empty) {
      const { files, extra } = batchFiles(change, new Map());
      return { ...(await firstCommit(session, target, { ...change, files }, branch)), ...extra };
    }
    throw error;
  }

  const tree = await treeOfCommit(session, repo, head);
  if (tree.data.truncated) {
    throw new GithubFailureError({
      code: 'unexpected',
      message: 'The repository holds too many files for stackyard to read its contents in one go.',
      retryable: false,
    });
  }
  const existing = new Map<string, string>();
  for (const entry of tree.data.tree) {
    if (entry.type === 'blob' && entry.path && entry.sha) existing.set(entry.path, entry.sha);
  }

  const owned = await previousOwnedPaths(session, target, change, existing);
  const { files, extra } = batchFiles(change, existing);
  const written = Object.keys(files)
    .filter((path) => existing.get(path) !== gitBlobSha(files[path] ?? ''))
    .sort();
  const deleted = owned.filter((path) => !(path in files) && existing.has(path)).sort();
  if (written.length === 0 && deleted.length === 0) {
    return { committed: false, commitSha: head, branch, written, deleted, ...extra };
  }

  const entries: TreeEntry[] = [
    ...written.map((path) => ({
      path,
      mode: '100644' as const,
      type: 'blob' as const,
      content: files[path] ?? '',
    })),
    ...deleted.map((path) => ({ path, mode: '100644' as const, type: 'blob' as const, sha: null })),
  ];
  const newTree = await call((headers) =>
    octokit.request('POST /repos/{owner}/{repo}/git/trees', {
      ...repo,
      base_tree: tree.data.sha,
      tree: entries,
      headers,
    }),
  );
  const created = await call((headers) =>
    octokit.request('POST /repos/{owner}/{repo}/git/commits', {
      ...repo,
      message: change.message,
      tree: newTree.data.sha,
      parents: [head],
      headers,
    }),
  );
  // force: false makes GitHub refuse (422) if someone pushed since we read `head`; the caller retries.
  await call((headers) =>
    octokit.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', {
      ...repo,
      ref: `heads/${branch}`,
      sha: created.data.sha,
      force: false,
      headers,
    }),
  );
  return { committed: true, commitSha: created.data.sha, branch, written, deleted, ...extra };
}

async function previousOwnedPaths(
  session: Session,
  target: RepositoryTarget,
  change: CommitChange,
  existing: Map<string, string>,
): Promise<string[]> {
  const manifestSha = change.manifestPath ? existing.get(change.manifestPath) : undefined;
  if (!manifestSha || !change.ownedPaths) return [];
  const blob = await session.call((headers) =>
    session.octokit.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', {
      owner: target.owner,
      repo: target.name,
      file_sha: manifestSha,
      headers,
    }),
  );
  const text = Buffer.from(blob.data.content, blob.data.encoding === 'base64' ? 'base64' : 'utf8').toString(
    'utf8',
  );
  return change.ownedPaths(text);
}

/**
 * The git data API cannot write to a repository without commits, but the contents API can: it makes a
 * bootstrap commit with one file, which the real batch then replaces as a single root commit, so the history
 * starts with one commit holding the whole workspace.
 */
async function firstCommit(
  session: Session,
  target: RepositoryTarget,
  change: CommitChange,
  branch: string,
): Promise<CommitOutcome> {
  const { octokit, call } = session;
  const repo = { owner: target.owner, repo: target.name };
  const paths = Object.keys(change.files).sort();
  const first = paths[0];
  if (first === undefined) return { committed: false, commitSha: null, branch, written: [], deleted: [] };
  const bootstrap = await call((headers) =>
    octokit.request('PUT /repos/{owner}/{repo}/contents/{path}', {
      ...repo,
      path: first,
      message: change.message,
      content: Buffer.from(change.files[first] ?? '', 'utf8').toString('base64'),
      branch,
      headers,
    }),
  );
  const tree = await call((headers) =>
    octokit.request('POST /repos/{owner}/{repo}/git/trees', {
      ...repo,
      tree: paths.map((path) => ({
        path,
        mode: '100644' as const,
        type: 'blob' as const,
        content: change.files[path] ?? '',
      })),
      headers,
    }),
  );
  const created = await call((headers) =>
    octokit.request('POST /repos/{owner}/{repo}/git/commits', {
      ...repo,
      message: change.message,
      tree: tree.data.sha,
      parents: [],
      headers,
    }),
  );
  // The forced update may only replace our own bootstrap commit: if anything else landed meanwhile, give up
  // this attempt (retryable) and let the next sync write on top of it the normal way.
  const head = await call((headers) =>
    octokit.request('GET /repos/{owner}/{repo}/git/ref/{ref}', { ...repo, ref: `heads/${branch}`, headers }),
  );
  if (head.data.object.sha !== bootstrap.data.commit.sha) {
    throw new GithubFailureError(conflict(`${target.owner}/${target.name}`, {}));
  }
  await call((headers) =>
    octokit.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', {
      ...repo,
      ref: `heads/${branch}`,
      sha: created.data.sha,
      force: true,
      headers,
    }),
  );
  return { committed: true, commitSha: created.data.sha, branch, written: paths, deleted: [] };
}

function conflict(repository: string, cause: Pick<GithubFailure, 'status' | 'detail'>): GithubFailure {
  return {
    code: 'conflict',
    message: `Someone else pushed to ${repository} while stackyard was writing. The sync will try again.`,
    retryable: true,
    ...(cause.status === undefined ? {} : { status: cause.status }),
    ...(cause.detail === undefined ? {} : { detail: cause.detail }),
  };
}
