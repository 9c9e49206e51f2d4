import type { PackageEcosystem } from '@stackyard/contracts/facts';
import type { StackPackage } from '@stackyard/contracts/stack';
import type { FactPackage } from './stack.repo.ts';

// Which packages a tool is, for the stack and the manifests exported from it. A link to the package's own
// registry page (npmjs.com, pypi.org, crates.io) names one; so do the tool facts, where the registry or deps.dev
// answered for it. A slug or a GitHub repository name never does: it often differs from the published name, and
// a wrong name in a manifest installs someone else's code.

const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const CRATE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

function linkedPackage(url: string): [PackageEcosystem, string] | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  const parts = decodedSegments(parsed.pathname);
  if (!parts) return null;
  if (host === 'npmjs.com' && parts[0] === 'package') {
    const name = parts[1]?.startsWith('@') ? `${parts[1]}/${parts[2] ?? ''}` : parts[1];
    return name && NPM_NAME.test(name) ? ['npm', name] : null;
  }
  if (host === 'pypi.org' && parts[0] === 'project' && parts[1] && PYPI_NAME.test(parts[1])) {
    return ['pypi', parts[1]];
  }
  if (host === 'crates.io' && parts[0] === 'crates' && parts[1] && CRATE_NAME.test(parts[1])) {
    return ['cargo', parts[1]];
  }
  return null;
}

/**
 * The path's segments, percent-decoded; null when one holds an escape that is not UTF-8 (`%FF`): the URL
 * parser keeps such escapes as they are, and a name that cannot be read names no package.
 */
function decodedSegments(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/**
 * At most one package per ecosystem: the first link that names one, with the version the facts know for it;
 * else the facts' package when they know exactly one in that ecosystem (deps.dev lists every package a
 * repository publishes, and of several the tool's own is not known). Ordered by ecosystem.
 */
export function stackPackages(
  links: readonly (string | null)[],
  facts: readonly FactPackage[],
): StackPackage[] {
  const chosen = new Map<PackageEcosystem, StackPackage>();
  for (const url of links) {
    const hit = url ? linkedPackage(url) : null;
    if (hit && !chosen.has(hit[0])) chosen.set(hit[0], { ecosystem: hit[0], name: hit[1], version: null });
  }
  const known = new Map<PackageEcosystem, Map<string, string | null>>();
  for (const fact of facts) {
    const names = known.get(fact.ecosystem) ?? new Map<string, string | null>();
    names.set(fact.name, names.get(fact.name) ?? fact.version);
    known.set(fact.ecosystem, names);
  }
  for (const [ecosystem, names] of known) {
    const linked = chosen.get(ecosystem);
    if (linked) linked.version = names.get(linked.name) ?? null;
    else if (names.size === 1) {
      for (const [name, version] of names) chosen.set(ecosystem, { ecosystem, name, version });
    }
  }
  return [...chosen.values()].sort((a, b) =>
    a.ecosystem < b.ecosystem ? -1 : a.ecosystem > b.ecosystem ? 1 : 0,
  );
}
