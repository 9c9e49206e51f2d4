import { parse as parseToml } from 'smol-toml';
import { declarationLine, sectionStart } from '../lines.ts';
import type { Declared } from '../types.ts';

// Cargo.toml: [dependencies], [dev-dependencies], [build-dependencies], [workspace.dependencies] and the
// same tables under [target.'cfg(…)']. A crate renamed with `package = "…"` is that package; `path` ones are
// the workspace's own crates; `workspace = true` takes the version from the workspace root.

const SECTIONS = [
  ['dependencies', false],
  ['dev-dependencies', true],
  ['build-dependencies', true],
] as const;

export interface CargoManifest {
  dependencies: Declared[];
  /** [workspace.dependencies] of a workspace root: name → version, for members that inherit. */
  workspaceVersions: Map<string, string>;
  /** Entries with `workspace = true`, whose version is the root's. */
  inherited: Set<Declared>;
}

function table(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function parseCargoToml(text: string): CargoManifest {
  const toml = parseToml(text);
  const manifest: CargoManifest = { dependencies: [], workspaceVersions: new Map(), inherited: new Set() };
  const read = (entries: unknown, header: string, dev: boolean) => {
    const from = sectionStart(text, header, true);
    for (const [key, value] of Object.entries(table(entries))) {
      const spec = table(value);
      if (spec.path || spec.git) continue;
      const version =
        typeof value === 'string' ? value : typeof spec.version === 'string' ? spec.version : null;
      const name = typeof spec.package === 'string' ? spec.package : key;
      const line = declarationLine(text, key, from, true);
      const declared: Declared = { ecosystem: 'cargo', name, version, dev, kind: 'package', line };
      manifest.dependencies.push(declared);
      if (spec.workspace === true) manifest.inherited.add(declared);
    }
  };
  for (const [section, dev] of SECTIONS) read(toml[section], section, dev);
  for (const [target, tables] of Object.entries(table(toml.target)))
    for (const [section, dev] of SECTIONS) read(table(tables)[section], `target.${target}.${section}`, dev);
  const shared = table(table(toml.workspace).dependencies);
  read(shared, 'workspace.dependencies', false);
  for (const [key, value] of Object.entries(shared)) {
    const version = typeof value === 'string' ? value : table(value).version;
    if (typeof version === 'string') manifest.workspaceVersions.set(key, version);
  }
  const rust = table(toml.package)['rust-version'];
  if (typeof rust === 'string') {
    const line = declarationLine(text, 'rust-version', sectionStart(text, 'package', true), true);
    manifest.dependencies.push({
      ecosystem: 'runtime',
      name: 'rust',
      version: rust,
      dev: false,
      kind: 'platform',
      line,
    });
  }
  return manifest;
}
