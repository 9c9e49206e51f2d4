// What a scan reports: the direct dependencies and platform pieces a repository's manifests declare, and
// findings for the files it could not read. Pure data, so the command line, the server and a bench share it.

/**
 * Where a dependency comes from. The first seven are the registries tool facts know (packageEcosystemSchema);
 * packagist is Composer's; docker images, GitHub Actions and runtimes are the platform a project runs on.
 */
export const ECOSYSTEMS = [
  'npm',
  'pypi',
  'cargo',
  'go',
  'maven',
  'nuget',
  'rubygems',
  'packagist',
  'docker',
  'github-actions',
  'runtime',
] as const;
export type Ecosystem = (typeof ECOSYSTEMS)[number];

export interface Dependency {
  ecosystem: Ecosystem;
  /** As the ecosystem names it: `@scope/name`, `group:artifact`, `github.com/owner/repo`, `owner/repo`. */
  name: string;
  /** The version or constraint as the manifest writes it (a tag for images, a ref for actions); null if none. */
  version: string | null;
  /** The version a lockfile pins, when a lockfile beside or above the manifest has one. */
  resolved: string | null;
  /** Only for development, tests or builds (devDependencies, test scope, dev groups). */
  dev: boolean;
  /** package: a library from a registry; platform: an image, a CI action or a runtime. */
  kind: 'package' | 'platform';
  /** Repository-relative path with forward slashes. */
  file: string;
  /** 1-based line of the declaration. */
  line: number;
}

export interface Finding {
  file: string;
  line: number | null;
  message: string;
}

export interface ScanResult {
  dependencies: Dependency[];
  findings: Finding[];
  /** How many manifest files were read. */
  files: number;
}

/** One file of a tree: its repository-relative path (forward slashes) and size in bytes when known. */
export interface TreeEntry {
  path: string;
  size: number | null;
}

/**
 * A repository tree, wherever it is: a local checkout, an uploaded archive, a forge's tree API. list() names
 * every file (truncated when the source stopped early); read() gives one file's text.
 */
export interface TreeReader {
  list(): Promise<{ files: TreeEntry[]; truncated: boolean }>;
  read(path: string): Promise<string>;
}

/** A manifest's own dependencies, before lockfiles resolve versions. */
export type Declared = Omit<Dependency, 'resolved' | 'file'>;
