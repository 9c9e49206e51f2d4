// The git data and contents endpoints of the fake GitHub, with GitHub's answers for the cases the client must
// handle: 409 on an empty repository, 422 for a ref update that is not a fast forward or unknown objects.
import { isValidTreePath, type FakeRepository } from './fake-git.ts';

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const EMPTY: Reply = { status: 409, body: { message: 'Git Repository is empty.' } };
const NOT_FOUND: Reply = { status: 404, body: { message: 'Not Found' } };

function unprocessable(message: string): Reply {
  return { status: 422, body: { message } };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export function handleGitRequest(
  repository: FakeRepository,
  method: string,
  rest: string,
  url: URL,
  rawBody: unknown,
): Reply | null {
  const body = record(rawBody);
  const ref = /^\/git\/(?:ref|refs)\/heads\/(.+)$/.exec(rest);
  if (ref && method === 'GET') {
    if (repository.empty) return EMPTY;
    const branch = ref[1] ?? '';
    const sha = repository.refs.get(branch);
    if (sha === undefined) return NOT_FOUND;
    return { status: 200, body: { ref: `refs/heads/${branch}`, object: { sha, type: 'commit' } } };
  }
  if (ref && method === 'PATCH') {
    const branch = ref[1] ?? '';
    const current = repository.refs.get(branch);
    if (current === undefined) return unprocessable('Reference does not exist');
    const sha = typeof body.sha === 'string' ? body.sha : '';
    if (!repository.commits.has(sha)) return unprocessable('Object does not exist');
    if (body.force !== true && !repository.isAncestor(current, sha)) {
      return unprocessable('Update is not a fast forward');
    }
    repository.refs.set(branch, sha);
    return { status: 200, body: { ref: `refs/heads/${branch}`, object: { sha, type: 'commit' } } };
  }

  const commit = /^\/git\/commits\/([0-9a-f]{40})$/.exec(rest);
  if (commit && method === 'GET') {
    if (repository.empty) return EMPTY;
    const found = repository.commits.get(commit[1] ?? '');
    if (!found) return NOT_FOUND;
    return {
      status: 200,
      body: {
        sha: found.sha,
        tree: { sha: found.tree },
        parents: found.parents.map((sha) => ({ sha })),
        message: found.message,
      },
    };
  }
  if (rest === '/git/commits' && method === 'POST') {
    if (repository.empty) return EMPTY;
    const tree = typeof body.tree === 'string' ? body.tree : '';
    const parents = Array.isArray(body.parents)
      ? body.parents.filter((p): p is string => typeof p === 'string')
      : [];
    if (!repository.trees.has(tree)) return unprocessable('Tree SHA does not exist');
    if (parents.some((sha) => !repository.commits.has(sha)))
      return unprocessable('Parent SHA does not exist');
    const created = repository.putCommit(tree, parents, typeof body.message === 'string' ? body.message : '');
    return {
      status: 201,
      body: {
        sha: created.sha,
        tree: { sha: tree },
        parents: parents.map((sha) => ({ sha })),
        message: created.message,
      },
    };
  }

  const tree = /^\/git\/trees\/([0-9a-f]{40})$/.exec(rest);
  if (tree && method === 'GET') {
    if (repository.empty) return EMPTY;
    const listing = repository.listing(tree[1] ?? '', url.searchParams.has('recursive'));
    if (!listing) return NOT_FOUND;
    const limit = repository.listingLimit;
    const truncated = limit !== null && listing.length > limit;
    return {
      status: 200,
      body: { sha: tree[1], tree: truncated ? listing.slice(0, limit) : listing, truncated },
    };
  }
  if (rest === '/git/trees' && method === 'POST') return createTree(repository, body);

  const blob = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest);
  if (blob && method === 'GET') {
    if (repository.empty) return EMPTY;
    const content = repository.blobs.get(blob[1] ?? '');
    if (!content) return NOT_FOUND;
    return {
      status: 200,
      body: { sha: blob[1], size: content.length, encoding: 'base64', content: content.toString('base64') },
    };
  }

  const contents = /^\/contents\/(.+)$/.exec(rest);
  if (contents && method === 'PUT') {
    const path = contents[1] ?? '';
    const branch = typeof body.branch === 'string' ? body.branch : repository.defaultBranch;
    if (!isValidTreePath(path) || typeof body.content !== 'string') return unprocessable('Invalid request.');
    if (repository.files(branch)[path] !== undefined && typeof body.sha !== 'string') {
      return unprocessable('"sha" wasn\'t supplied.');
    }
    const text = Buffer.from(body.content, 'base64').toString('utf8');
    const created = repository.push(
      { [path]: text },
      typeof body.message === 'string' ? body.message : '',
      branch,
    );
    return {
      status: 201,
      body: { content: { path }, commit: { sha: created.sha, tree: { sha: created.tree } } },
    };
  }
  return null;
}

function createTree(repository: FakeRepository, body: Record<string, unknown>): Reply {
  if (repository.empty) return EMPTY;
  let entries = new Map<string, string>();
  if (body.base_tree !== undefined) {
    const base = repository.trees.get(typeof body.base_tree === 'string' ? body.base_tree : '');
    if (!base) return unprocessable('base_tree is not a valid tree oid');
    entries = new Map(base);
  }
  const items = Array.isArray(body.tree) ? body.tree.map(record) : [];
  for (const item of items) {
    const path = typeof item.path === 'string' ? item.path : '';
    if (!isValidTreePath(path) || item.type !== 'blob') return unprocessable(`tree.path ${path} is invalid`);
    if (item.sha === null) {
      // Deleting what is not there is refused, which keeps the client honest about what it deletes.
      if (!entries.delete(path)) return unprocessable(`tree.path ${path} does not exist in base_tree`);
    } else if (typeof item.content === 'string') {
      entries.set(path, repository.putBlob(Buffer.from(item.content, 'utf8')));
    } else if (typeof item.sha === 'string' && repository.blobs.has(item.sha)) {
      entries.set(path, item.sha);
    } else {
      return unprocessable(`tree.sha for ${path} is not a valid blob`);
    }
  }
  const sha = repository.putTree(entries);
  return { status: 201, body: { sha, tree: repository.listing(sha, true), truncated: false } };
}
