// The in-memory repositories of the fake GitHub: blobs with real git SHAs (so the client's "unchanged file"
// check is exercised for real), flat trees and commits with parents, and branch refs.
import { createHash } from 'node:crypto';
import { gitBlobSha } from '../commit-files.ts';

export interface FakeCommit {
  sha: string;
  tree: string;
  parents: string[];
  message: string;
}

export class FakeRepository {
  readonly owner: string;
  readonly name: string;
  readonly id: number;
  defaultBranch = 'main';
  archived = false;
  isPrivate = true;
  /** GitHub lists at most so many entries of a recursive tree and says `truncated`; null: no limit. */
  listingLimit: number | null = null;
  readonly refs = new Map<string, string>();
  readonly blobs = new Map<string, Buffer>();
  /** Tree SHA → path → blob SHA; trees are flat here, directories only appear in listings. */
  readonly trees = new Map<string, Map<string, string>>();
  readonly commits = new Map<string, FakeCommit>();
  private counter = 0;

  constructor(owner: string, name: string, id: number) {
    this.owner = owner;
    this.name = name;
    this.id = id;
  }

  get fullName(): string {
    return `${this.owner}/${this.name}`;
  }

  get empty(): boolean {
    return this.refs.size === 0;
  }

  putBlob(content: Buffer): string {
    const sha = gitBlobSha(content.toString('utf8'));
    this.blobs.set(sha, content);
    return sha;
  }

  putTree(entries: Map<string, string>): string {
    const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const sha = createHash('sha1')
      .update(`tree ${JSON.stringify(sorted)}`)
      .digest('hex');
    this.trees.set(sha, new Map(sorted));
    return sha;
  }

  putCommit(tree: string, parents: string[], message: string): FakeCommit {
    // The counter keeps two commits with the same tree and parents apart, as real timestamps would.
    const sha = createHash('sha1')
      .update(`commit ${JSON.stringify([tree, parents, message, this.counter++])}`)
      .digest('hex');
    const commit = { sha, tree, parents, message };
    this.commits.set(sha, commit);
    return commit;
  }

  /** Writes files as a commit on a branch, as a person pushing would (used to set up tests). */
  push(files: Record<string, string | null>, message: string, branch = this.defaultBranch): FakeCommit {
    const head = this.refs.get(branch);
    const base = head === undefined ? new Map<string, string>() : this.treeOf(head);
    const entries = new Map(base);
    for (const [path, content] of Object.entries(files)) {
      if (content === null) entries.delete(path);
      else entries.set(path, this.putBlob(Buffer.from(content, 'utf8')));
    }
    const commit = this.putCommit(this.putTree(entries), head === undefined ? [] : [head], message);
    this.refs.set(branch, commit.sha);
    return commit;
  }

  treeOf(commitSha: string): Map<string, string> {
    const commit = this.commits.get(commitSha);
    const tree = commit ? this.trees.get(commit.tree) : undefined;
    if (!tree) throw new Error(`unknown commit ${commitSha} in ${this.fullName}`);
    return tree;
  }

  /** The files at a branch head, as text. */
  files(branch = this.defaultBranch): Record<string, string> {
    const head = this.refs.get(branch);
    if (head === undefined) return {};
    const files: Record<string, string> = {};
    for (const [path, sha] of this.treeOf(head)) files[path] = this.blobs.get(sha)?.toString('utf8') ?? '';
    return files;
  }

  /** Commits reachable from a branch head along first parents, newest first. */
  log(branch = this.defaultBranch): FakeCommit[] {
    const commits: FakeCommit[] = [];
    let sha = this.refs.get(branch);
    while (sha !== undefined) {
      const commit = this.commits.get(sha);
      if (!commit) break;
      commits.push(commit);
      sha = commit.parents[0];
    }
    return commits;
  }

  isAncestor(ancestor: string, descendant: string): boolean {
    const queue = [descendant];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const sha = queue.shift();
      if (sha === undefined || seen.has(sha)) continue;
      if (sha === ancestor) return true;
      seen.add(sha);
      queue.push(...(this.commits.get(sha)?.parents ?? []));
    }
    return false;
  }

  /** GitHub's recursive tree listing: every blob plus an entry for each directory above one. */
  listing(treeSha: string, recursive: boolean) {
    const tree = this.trees.get(treeSha);
    if (!tree) return null;
    const directories = new Set<string>();
    const blobs: Array<{ path: string; mode: string; type: 'blob' | 'tree'; sha: string; size?: number }> =
      [];
    for (const [path, sha] of tree) {
      const parts = path.split('/');
      for (let depth = 1; depth < parts.length; depth++) directories.add(parts.slice(0, depth).join('/'));
      if (recursive || parts.length === 1) {
        blobs.push({ path, mode: '100644', type: 'blob', sha, size: this.blobs.get(sha)?.length ?? 0 });
      }
    }
    const dirs = [...directories]
      .filter((path) => recursive || !path.includes('/'))
      .map((path) => ({
        path,
        mode: '040000',
        type: 'tree' as const,
        sha: createHash('sha1').update(`dir ${treeSha} ${path}`).digest('hex'),
      }));
    return [...dirs, ...blobs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}

/** Paths GitHub would refuse in a tree: empty segments, dot segments, a leading or trailing slash. */
export function isValidTreePath(path: string): boolean {
  return path.length > 0 && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
