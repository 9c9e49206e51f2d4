import type { Dependency, Ecosystem } from './types.ts';

// Which workspace tool a dependency is: first by the tool's registry packages (its package links and facts),
// then by its source repository, then by its name. Each match says which of the three it was.

export interface MatchableTool {
  name: string;
  slug: string;
  /** Registry packages the tool is (ecosystems as tool facts name them: npm, pypi, cargo, go, maven …). */
  packages: ReadonlyArray<{ ecosystem: string; name: string }>;
  /** Its source repository (https://github.com/owner/name), if known. */
  repositoryUrl: string | null;
}

export type MatchedBy = 'package' | 'repository' | 'name';

export interface Match<T extends MatchableTool> {
  tool: T;
  by: MatchedBy;
}

/** Registries' own rules for when two spellings are one package. */
function packageKey(ecosystem: string, name: string): string {
  const lower = name.trim().toLowerCase();
  if (ecosystem === 'pypi') return `pypi:${lower.replace(/[-_.]+/g, '-')}`;
  if (ecosystem === 'cargo') return `cargo:${lower.replace(/_/g, '-')}`;
  // github.com/jackc/pgx/v5 is the same project as github.com/jackc/pgx.
  if (ecosystem === 'go') return `go:${lower.replace(/\/v\d+$/, '')}`;
  return `${ecosystem}:${lower}`;
}

/** host/owner/name of a repository URL, or null when it is not one. */
export function repositoryKey(url: string): string | null {
  const match = url
    .trim()
    .toLowerCase()
    .match(
      /^(?:https?:\/\/|git\+https:\/\/|git@)?(?:www\.)?(github\.com|gitlab\.com|codeberg\.org|bitbucket\.org)[/:]([^/\s]+)\/([^/\s#?]+)/,
    );
  return match ? `${match[1]}/${match[2]}/${match[3]?.replace(/\.git$/, '')}` : null;
}

/** The repository a dependency's own name points at: actions, Go modules and GitHub's container registry. */
function dependencyRepository(dependency: Dependency): string | null {
  const name = dependency.name.toLowerCase();
  if (dependency.ecosystem === 'github-actions') return repositoryKey(`https://github.com/${name}`);
  if (dependency.ecosystem === 'go') return repositoryKey(`https://${name}`);
  if (dependency.ecosystem === 'docker' && name.startsWith('ghcr.io/')) {
    return repositoryKey(`https://github.com/${name.slice('ghcr.io/'.length)}`);
  }
  return null;
}

function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** Runtimes go by other names as tools. */
const RUNTIME_ALIASES: Record<string, string[]> = {
  node: ['nodejs'],
  go: ['golang'],
  dotnet: ['net', 'dotnetcore'],
  python: [],
  ruby: [],
  php: [],
  rust: [],
};

/**
 * The names a dependency may go by as a tool. A scoped npm package is only its whole name: `@types/react`
 * is not React. Where the last part is the project's own name (images, Go modules, Maven artifacts, actions),
 * that part too.
 */
function dependencyNames(dependency: Dependency): string[] {
  const { ecosystem, name } = dependency;
  const names = [name];
  const last = (separator: string) => name.slice(name.lastIndexOf(separator) + 1);
  const lastParts: Partial<Record<Ecosystem, () => string>> = {
    docker: () => last('/'),
    go: () => name.replace(/\/v\d+$/, '').slice(name.replace(/\/v\d+$/, '').lastIndexOf('/') + 1),
    maven: () => last(':'),
    'github-actions': () => last('/'),
    packagist: () => last('/'),
  };
  const part = lastParts[ecosystem]?.();
  if (part) names.push(part);
  if (ecosystem === 'runtime') names.push(...(RUNTIME_ALIASES[name] ?? []));
  return names.map(nameKey).filter(Boolean);
}

/** A matcher over `tools`, built once: asking for a dependency is a few map look-ups. */
export function createMatcher<T extends MatchableTool>(
  tools: readonly T[],
): (dependency: Dependency) => Match<T> | null {
  const byPackage = new Map<string, T>();
  const byRepository = new Map<string, T>();
  const byName = new Map<string, T>();
  // The first tool to claim a key keeps it: tools come in the caller's order of preference.
  const claim = (map: Map<string, T>, key: string | null, tool: T) => {
    if (key && !map.has(key)) map.set(key, tool);
  };
  for (const tool of tools) {
    for (const pkg of tool.packages) claim(byPackage, packageKey(pkg.ecosystem, pkg.name), tool);
    if (tool.repositoryUrl) claim(byRepository, repositoryKey(tool.repositoryUrl), tool);
    claim(byName, nameKey(tool.name), tool);
    claim(byName, nameKey(tool.slug), tool);
  }
  return (dependency) => {
    const pkg = byPackage.get(packageKey(dependency.ecosystem, dependency.name));
    if (pkg) return { tool: pkg, by: 'package' };
    const repository = dependencyRepository(dependency);
    const repo = repository ? byRepository.get(repository) : undefined;
    if (repo) return { tool: repo, by: 'repository' };
    for (const name of dependencyNames(dependency)) {
      const named = byName.get(name);
      if (named) return { tool: named, by: 'name' };
    }
    return null;
  };
}

export function matchDependencies<T extends MatchableTool>(
  dependencies: readonly Dependency[],
  tools: readonly T[],
): Array<{ dependency: Dependency; match: Match<T> | null }> {
  const match = createMatcher(tools);
  return dependencies.map((dependency) => ({ dependency, match: match(dependency) }));
}
