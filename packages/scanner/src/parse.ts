// Each manifest kind's parser, and the libraries they use (YAML, XML and TOML parsers): loaded by scanTree when a
// scan first runs, so a server that never scans does not hold them.
import type { ManifestKind } from './kinds.ts';
import { parseCargoToml, type CargoManifest } from './manifests/cargo.ts';
import { parseProjectFile } from './manifests/dotnet.ts';
import { parseGoMod } from './manifests/go.ts';
import { parseGradle, parsePom } from './manifests/jvm.ts';
import { LOCKFILES, parsePackageJson, type PackageJson, type Resolve } from './manifests/npm.ts';
import { parseComposerJson } from './manifests/php.ts';
import {
  parseCompose,
  parseDockerfile,
  parseToolVersions,
  parseVersionFile,
  parseWorkflow,
} from './manifests/platform.ts';
import { parsePipfile, parsePyproject, parseRequirements } from './manifests/python.ts';
import { parseGemfile } from './manifests/ruby.ts';
import type { Declared } from './types.ts';

export type Parsed =
  | { kind: 'package.json'; manifest: PackageJson }
  | { kind: 'lockfile'; resolve: Resolve }
  | { kind: 'cargo'; manifest: CargoManifest }
  | {
      kind: 'requirements';
      dependencies: Declared[];
      includes: string[];
      problems: Array<{ line: number; message: string }>;
    }
  | { kind: 'other'; dependencies: Declared[] };

export function parse(kind: ManifestKind, path: string, text: string): Parsed {
  switch (kind) {
    case 'package.json':
      return { kind, manifest: parsePackageJson(text) };
    case 'lockfile': {
      const read = LOCKFILES[path.slice(path.lastIndexOf('/') + 1)];
      if (!read) throw new Error('not a lockfile this scanner reads');
      return { kind, resolve: read(text) };
    }
    case 'cargo':
      return { kind, manifest: parseCargoToml(text) };
    case 'requirements': {
      const name = path.slice(path.lastIndexOf('/') + 1);
      return { kind, ...parseRequirements(text, /(dev|test)/i.test(name)) };
    }
    case 'pyproject':
      return { kind: 'other', dependencies: parsePyproject(text) };
    case 'pipfile':
      return { kind: 'other', dependencies: parsePipfile(text) };
    case 'go.mod':
      return { kind: 'other', dependencies: parseGoMod(text) };
    case 'gemfile':
      return { kind: 'other', dependencies: parseGemfile(text) };
    case 'composer':
      return { kind: 'other', dependencies: parseComposerJson(text) };
    case 'pom':
      return { kind: 'other', dependencies: parsePom(text) };
    case 'gradle':
      return { kind: 'other', dependencies: parseGradle(text) };
    case 'dotnet':
      return { kind: 'other', dependencies: parseProjectFile(text) };
    case 'dockerfile':
      return { kind: 'other', dependencies: parseDockerfile(text) };
    case 'compose':
      return { kind: 'other', dependencies: parseCompose(text) };
    case 'workflow':
      return { kind: 'other', dependencies: parseWorkflow(text) };
    case 'tool-versions':
      return { kind: 'other', dependencies: parseToolVersions(text) };
    case 'node-version':
      return { kind: 'other', dependencies: parseVersionFile(text, 'node') };
    case 'python-version':
      return { kind: 'other', dependencies: parseVersionFile(text, 'python') };
  }
}
