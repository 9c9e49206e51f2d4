import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { lineAt } from '../lines.ts';
import type { Declared } from '../types.ts';

// *.csproj (and the other SDK-style project files, Directory.Packages.props): `<PackageReference
// Include="…" Version="…">` (or a `<Version>` child), and the target framework as the runtime.

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => ['ItemGroup', 'PropertyGroup', 'PackageReference', 'PackageVersion'].includes(name),
});

function node(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value.trim() : null;
}

export function parseProjectFile(source: string): Declared[] {
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw new Error(`${valid.err.msg} (line ${valid.err.line})`);
  const project = node(node(xml.parse(source)).Project);
  const found: Declared[] = [];
  let searchFrom = 0;
  for (const group of list(project.ItemGroup)) {
    for (const tag of ['PackageReference', 'PackageVersion']) {
      for (const entry of list(node(group)[tag])) {
        const reference = node(entry);
        const name = text(reference['@Include']) ?? text(reference['@Update']);
        if (!name) continue;
        const at = source.indexOf(`"${name}"`, searchFrom);
        if (at !== -1) searchFrom = at + 1;
        const version =
          text(reference['@Version']) ?? text(reference.Version) ?? text(reference['@VersionOverride']);
        // A development-only package (analyzers, build tasks) is marked PrivateAssets="all".
        const dev =
          (text(reference['@PrivateAssets']) ?? text(reference.PrivateAssets))?.toLowerCase() === 'all';
        found.push({
          ecosystem: 'nuget',
          name,
          version,
          dev,
          kind: 'package',
          line: lineAt(source, Math.max(0, at)),
        });
      }
    }
  }
  for (const group of list(project.PropertyGroup)) {
    const frameworks = text(node(group).TargetFramework) ?? text(node(group).TargetFrameworks);
    if (!frameworks) continue;
    const line = lineAt(source, Math.max(0, source.indexOf('<TargetFramework')));
    for (const version of frameworks.split(';').filter(Boolean))
      found.push({ ecosystem: 'runtime', name: 'dotnet', version, dev: false, kind: 'platform', line });
  }
  return found;
}
