import { parse as parseYaml } from 'yaml';
import { declarationLine, sectionStart } from '../lines.ts';
import type { Declared } from '../types.ts';

// package.json and the npm, pnpm and Yarn lockfiles. A lockfile only says which version a declared range
// resolved to; what counts as a dependency is what package.json declares.

// Peers before devDependencies: a library's peer is also a devDependency so its tests have it, yet it is
// what the library needs at run time.
const SECTIONS = [
  ['dependencies', false],
  ['optionalDependencies', false],
  ['peerDependencies', false],
  ['devDependencies', true],
] as const;

/** Ranges naming another package of the same repository, not a registry package. */
const LOCAL = /^(workspace|file|link|portal):/;

export interface PackageJson {
  name: string | null;
  /** Globs of the workspace members' directories, relative to this file's directory. */
  workspaces: string[];
  dependencies: Declared[];
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function parsePackageJson(text: string): PackageJson {
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
  const json = parsed as Record<string, unknown>;
  const seen = new Set<string>();
  const dependencies: Declared[] = [];
  for (const [section, dev] of SECTIONS) {
    const from = sectionStart(text, section);
    for (const [name, raw] of Object.entries(record(json[section]))) {
      if (seen.has(name)) continue;
      seen.add(name);
      const range = typeof raw === 'string' ? raw.trim() : null;
      if (range && LOCAL.test(range)) continue;
      // "alias": "npm:real-package@^1" installs real-package under another name.
      const alias = range?.match(/^npm:((?:@[^/@]+\/)?[^@]+)(?:@(.*))?$/);
      dependencies.push({
        ecosystem: 'npm',
        name: alias?.[1] ?? name,
        version: alias ? (alias[2] ?? null) : range || null,
        dev,
        kind: 'package',
        line: declarationLine(text, name, from),
      });
    }
  }
  const node = record(json.engines).node;
  if (typeof node === 'string') {
    dependencies.push({
      ecosystem: 'runtime',
      name: 'node',
      version: node,
      dev: false,
      kind: 'platform',
      line: declarationLine(text, 'node', sectionStart(text, 'engines')),
    });
  }
  const workspaces = Array.isArray(json.workspaces) ? json.workspaces : record(json.workspaces).packages;
  return {
    name: typeof json.name === 'string' ? json.name : null,
    workspaces: Array.isArray(workspaces) ? workspaces.filter((glob) => typeof glob === 'string') : [],
    dependencies,
  };
}

/** Versions a lockfile pins, asked by the manifest's directory relative to the lockfile's own. */
export type Resolve = (memberDir: string, name: string, range: string | null) => string | null;

export function packageLockResolver(text: string): Resolve {
  const packages = record(record(JSON.parse(text)).packages);
  const version = (key: string) => {
    const found = record(packages[key]).version;
    return typeof found === 'string' ? found : null;
  };
  return (memberDir, name) =>
    (memberDir ? version(`${memberDir}/node_modules/${name}`) : null) ?? version(`node_modules/${name}`);
}

export function pnpmLockResolver(text: string): Resolve {
  const lock = record(parseYaml(text));
  // Before lockfile v5.4 a single-package repository kept its dependencies at the top level.
  const importers = lock.importers ? record(lock.importers) : { '.': lock };
  return (memberDir, name) => {
    const importer = record(importers[memberDir || '.']);
    for (const section of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      const entry = record(importer[section])[name];
      const pinned = typeof entry === 'string' ? entry : record(entry).version;
      // "18.3.1(react@18.3.1)": the parenthesis names the peers it was resolved with.
      if (typeof pinned === 'string') return pinned.replace(/\(.*$/, '');
    }
    return null;
  };
}

export function yarnLockResolver(text: string): Resolve {
  const bySpec = new Map<string, string>();
  const byName = new Map<string, Set<string>>();
  let specs: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      // `"react@^18.0.0", react@^18.2.0:` (classic) or `"react@npm:^18.0.0":` (Berry)
      specs = line
        .replace(/:$/, '')
        .split(',')
        .map((spec) => spec.trim().replace(/^"|"$/g, ''));
      continue;
    }
    const version = line.match(/^\s+version:?\s+"?([^"\s]+)"?/)?.[1];
    if (!version) continue;
    for (const spec of specs) {
      const at = spec.indexOf('@', 1);
      if (at === -1) continue;
      const name = spec.slice(0, at);
      bySpec.set(`${name}@${spec.slice(at + 1).replace(/^npm:/, '')}`, version);
      byName.set(name, (byName.get(name) ?? new Set()).add(version));
    }
    specs = [];
  }
  return (_memberDir, name, range) => {
    const exact = range === null ? undefined : bySpec.get(`${name}@${range}`);
    if (exact) return exact;
    const versions = byName.get(name);
    return versions?.size === 1 ? ([...versions][0] ?? null) : null;
  };
}

export const LOCKFILES: Record<string, (text: string) => Resolve> = {
  'package-lock.json': packageLockResolver,
  'npm-shrinkwrap.json': packageLockResolver,
  'pnpm-lock.yaml': pnpmLockResolver,
  'yarn.lock': yarnLockResolver,
};
