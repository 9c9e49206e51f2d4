import type { StackTool } from '@stackyard/contracts/stack';

// Which package a tool is, per ecosystem. Only a link to the package's own registry page counts (npmjs.com,
// pypi.org, crates.io): a slug or a GitHub repository name often differs from the published package name,
// and a wrong name in a manifest installs someone else's code.

export type Ecosystem = 'npm' | 'pypi' | 'cargo';

export type ToolPackages = Partial<Record<Ecosystem, string>>;

const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const CRATE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

function packageOf(url: string): [Ecosystem, string] | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  const parts = parsed.pathname.split('/').filter(Boolean).map(decodeURIComponent);
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

/** The registry packages a tool's links name, at most one per ecosystem (the first link that names one). */
// Several formats ask for each tool's packages, and URL parsing is the costly part: once per tool object.
const known = new WeakMap<object, ToolPackages>();

export function toolPackages(
  tool: Pick<StackTool, 'raw_submitted_url' | 'homepage_url' | 'forge_url'>,
): ToolPackages {
  let found = known.get(tool);
  if (!found) {
    found = {};
    for (const url of [tool.raw_submitted_url, tool.homepage_url, tool.forge_url]) {
      const hit = url ? packageOf(url) : null;
      if (hit && !found[hit[0]]) found[hit[0]] = hit[1];
    }
    known.set(tool, found);
  }
  return { ...found };
}
