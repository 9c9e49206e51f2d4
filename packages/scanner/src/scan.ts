import { manifestKind, type ManifestKind } from './kinds.ts';
import { mapBounded } from './pool.ts';
import { FileTooLarge } from './tree.ts';
import type { Parsed } from './parse.ts';
import type { Dependency, Finding, ScanResult, TreeReader } from './types.ts';

// The scan: pick the manifests out of a tree, parse each (a file that does not parse is a finding, never a
// failure of the scan), then settle what needs more than one file: npm workspaces and lockfiles, Cargo
// workspace versions, requirements includes.

export interface ScanLimits {
  /** A manifest larger than this is skipped with a finding. */
  maxFileBytes: number;
  /** Lockfiles of large monorepos are far larger than any manifest. */
  maxLockfileBytes: number;
}

export const DEFAULT_SCAN_LIMITS: ScanLimits = {
  maxFileBytes: 1024 * 1024,
  maxLockfileBytes: 20 * 1024 * 1024,
};

/** Reads at once, so a remote tree is not asked for hundreds of files together. */
const READ_CONCURRENCY = 16;

function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

function joinPath(directory: string, relative: string): string {
  const parts = directory ? directory.split('/') : [];
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** `packages/*` → a pattern over directory paths relative to the workspace root. */
function globPattern(glob: string): RegExp {
  const body = glob
    .replace(/^\.\//, '')
    .replace(/\/+$/, '')
    .split('/')
    .map((part) =>
      part === '**'
        ? '.*'
        : part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
    )
    .join('/');
  return new RegExp(`^${body}$`);
}

export async function scanTree(tree: TreeReader, limits: Partial<ScanLimits> = {}): Promise<ScanResult> {
  const { maxFileBytes, maxLockfileBytes } = { ...DEFAULT_SCAN_LIMITS, ...limits };
  const { parse } = await import('./parse.ts');
  const findings: Finding[] = [];
  const listing = await tree.list();
  if (listing.truncated)
    findings.push({
      file: '',
      line: null,
      message: `Stopped listing after ${listing.files.length} files; the rest of the tree was not scanned.`,
    });
  const paths = new Set(listing.files.map((entry) => entry.path));
  const wanted = listing.files.flatMap((entry) => {
    const kind = manifestKind(entry.path);
    if (!kind) return [];
    const limit = kind === 'lockfile' ? maxLockfileBytes : maxFileBytes;
    if (entry.size !== null && entry.size > limit) {
      findings.push({
        file: entry.path,
        line: null,
        message: `Skipped: ${entry.size} bytes, over the ${limit}-byte limit.`,
      });
      return [];
    }
    return [{ path: entry.path, kind, limit }];
  });

  const parsed = new Map<string, Parsed>();
  const readOne = async (path: string, kind: ManifestKind, limit: number): Promise<Parsed | null> => {
    try {
      const text = await tree.read(path);
      if (text.length > limit) {
        findings.push({ file: path, line: null, message: `Skipped: over the ${limit}-byte limit.` });
        return null;
      }
      const entry = parse(kind, path, text);
      // A line that is not a requirement is a finding; the file's other lines still count.
      if (entry.kind === 'requirements')
        for (const problem of entry.problems) findings.push({ file: path, ...problem });
      return entry;
    } catch (error) {
      if (error instanceof FileTooLarge) {
        findings.push({ file: path, line: null, message: error.message });
        return null;
      }
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      findings.push({ file: path, line: null, message: `Could not read this file: ${reason}` });
      return null;
    }
  };
  const read = await mapBounded(wanted, READ_CONCURRENCY, ({ path, kind, limit }) =>
    readOne(path, kind, limit),
  );
  // In the listing's order whatever order the reads finished in: the first lockfile of a directory is the one.
  for (const [index, { path }] of wanted.entries()) {
    const entry = read[index];
    if (entry) parsed.set(path, entry);
  }

  // requirements files named by `-r` under another name (base.in, requirements/common.txt …).
  const pending = [...parsed].flatMap(([path, entry]) =>
    entry.kind === 'requirements'
      ? entry.includes.map((include) => joinPath(directoryOf(path), include))
      : [],
  );
  for (const include of pending) {
    if (parsed.has(include) || !paths.has(include)) continue;
    const entry = await readOne(include, 'requirements', maxFileBytes);
    if (entry) parsed.set(include, entry);
    if (entry?.kind === 'requirements')
      pending.push(...entry.includes.map((next) => joinPath(directoryOf(include), next)));
  }

  const dependencies: Dependency[] = [];
  const localNpm = localPackageNames(parsed);
  for (const [file, entry] of parsed) {
    if (entry.kind === 'lockfile') continue;
    if (entry.kind === 'package.json') {
      const lock = nearest(parsed, directoryOf(file), (candidate) => candidate.kind === 'lockfile');
      for (const declared of entry.manifest.dependencies) {
        if (declared.ecosystem === 'npm' && localNpm.has(declared.name)) continue;
        const resolved =
          lock && declared.ecosystem === 'npm' && lock.entry.kind === 'lockfile'
            ? lock.entry.resolve(relative(lock.directory, directoryOf(file)), declared.name, declared.version)
            : null;
        dependencies.push({ ...declared, resolved, file });
      }
      continue;
    }
    if (entry.kind === 'cargo') {
      const root = nearest(
        parsed,
        directoryOf(file),
        (candidate) => candidate.kind === 'cargo' && candidate.manifest.workspaceVersions.size > 0,
      );
      const shared = root?.entry.kind === 'cargo' ? root.entry.manifest.workspaceVersions : new Map();
      for (const declared of entry.manifest.dependencies) {
        const version = entry.manifest.inherited.has(declared)
          ? (shared.get(declared.name) ?? null)
          : declared.version;
        dependencies.push({ ...declared, version, resolved: null, file });
      }
      continue;
    }
    for (const declared of entry.dependencies) dependencies.push({ ...declared, resolved: null, file });
  }
  dependencies.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
  findings.sort((a, b) => (a.file === b.file ? (a.line ?? 0) - (b.line ?? 0) : a.file < b.file ? -1 : 1));
  return { dependencies, findings, files: parsed.size };
}

function relative(from: string, to: string): string {
  if (!from) return to;
  return to === from ? '' : to.slice(from.length + 1);
}

/** The closest entry in `directory` or above it that passes `test`. */
function nearest(parsed: Map<string, Parsed>, directory: string, test: (entry: Parsed) => boolean) {
  for (let at: string | null = directory; at !== null; at = at ? directoryOf(at) : null) {
    for (const [path, entry] of byDirectory(parsed).get(at) ?? [])
      if (test(entry)) return { directory: at, entry, path };
  }
  return null;
}

const directories = new WeakMap<Map<string, Parsed>, Map<string, Array<[string, Parsed]>>>();

/** The parsed files grouped by directory, made once per scan. */
function byDirectory(parsed: Map<string, Parsed>) {
  let grouped = directories.get(parsed);
  if (!grouped) {
    grouped = new Map();
    for (const [path, entry] of parsed) {
      const directory = directoryOf(path);
      grouped.set(directory, [...(grouped.get(directory) ?? []), [path, entry]]);
    }
    directories.set(parsed, grouped);
  }
  return grouped;
}

/** The names of the npm packages that are members of a workspace in the tree: dependencies on them are local. */
function localPackageNames(parsed: Map<string, Parsed>): Set<string> {
  const roots = [...parsed].flatMap(([path, entry]) =>
    entry.kind === 'package.json' && entry.manifest.workspaces.length > 0
      ? [
          {
            directory: directoryOf(path),
            patterns: entry.manifest.workspaces.filter((glob) => !glob.startsWith('!')).map(globPattern),
          },
        ]
      : [],
  );
  const names = new Set<string>();
  if (roots.length === 0) return names;
  for (const [path, entry] of parsed) {
    if (entry.kind !== 'package.json' || !entry.manifest.name) continue;
    const directory = directoryOf(path);
    const member = roots.some(
      (root) =>
        root.directory === directory ||
        ((root.directory === '' || directory.startsWith(`${root.directory}/`)) &&
          root.patterns.some((pattern) => pattern.test(relative(root.directory, directory)))),
    );
    if (member) names.add(entry.manifest.name);
  }
  return names;
}
