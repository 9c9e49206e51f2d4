import type { PackageEcosystem } from '@stackyard/contracts/facts';

// Where a tool's facts come from: its GitHub repository (the forge link, else a GitHub canonical or homepage
// URL) and the package links among its URLs (npmjs.com, pypi.org, crates.io, pkg.go.dev, Maven Central,
// nuget.org, rubygems.org). Packages the repository publishes are inferred later through deps.dev.

export interface PackageRef {
  ecosystem: PackageEcosystem;
  name: string;
}

export interface ToolLinks {
  /** owner/name on GitHub */
  repository: string | null;
  packages: PackageRef[];
}

const GITHUB_REPO =
  /^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)(?:\.git)?(?:[/?#]|$)/i;

export function githubRepository(url: string | null): string | null {
  const match = url ? GITHUB_REPO.exec(url) : null;
  if (!match?.[1] || !match[2] || match[2] === '.' || match[2] === '..') return null;
  return `${match[1]}/${match[2]}`.toLowerCase();
}

const PACKAGE_PATTERNS: Array<[PackageEcosystem, RegExp]> = [
  ['npm', /^https?:\/\/(?:www\.)?npmjs\.com\/package\/((?:@[^/?#]+\/)?[^/?#]+)/i],
  ['pypi', /^https?:\/\/pypi\.org\/project\/([^/?#]+)/i],
  ['cargo', /^https?:\/\/crates\.io\/crates\/([^/?#]+)/i],
  ['go', /^https?:\/\/pkg\.go\.dev\/([^?#@]+)/i],
  [
    'maven',
    /^https?:\/\/(?:central\.sonatype\.com\/artifact|mvnrepository\.com\/artifact)\/([^/?#]+)\/([^/?#]+)/i,
  ],
  ['nuget', /^https?:\/\/(?:www\.)?nuget\.org\/packages\/([^/?#]+)/i],
  ['rubygems', /^https?:\/\/rubygems\.org\/gems\/([^/?#]+)/i],
];

export function packageLink(url: string | null): PackageRef | null {
  if (!url) return null;
  for (const [ecosystem, pattern] of PACKAGE_PATTERNS) {
    const match = pattern.exec(url);
    if (!match?.[1]) continue;
    const first = safeDecode(match[1]).replace(/\/+$/, '');
    const name = ecosystem === 'maven' && match[2] ? `${first}:${safeDecode(match[2])}` : first;
    return { ecosystem, name };
  }
  return null;
}

export function toolLinks(urls: ReadonlyArray<string | null>): ToolLinks {
  const repository = urls.map(githubRepository).find(Boolean) ?? null;
  const packages: PackageRef[] = [];
  for (const url of urls) {
    const ref = packageLink(url);
    if (ref && !packages.some((known) => packageKey(known) === packageKey(ref))) packages.push(ref);
  }
  return { repository, packages };
}

export const packageKey = (ref: PackageRef): string => `${ref.ecosystem}:${ref.name}`;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
