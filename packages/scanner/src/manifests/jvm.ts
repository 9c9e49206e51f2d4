import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { lineAt } from '../lines.ts';
import type { Declared } from '../types.ts';

// Maven's pom.xml (`<dependency>` groupId:artifactId, versions through `${properties}`) and Gradle's
// build.gradle / build.gradle.kts (`implementation("group:artifact:version")` and its friends).

const xml = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === 'dependency',
  // The callbacks above read only the tag's name: without this the parser builds every tag's path as a string
  // for them, which was most of a pom's parse.
  jPath: false,
});

function node(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value.trim() : null;
}

export function parsePom(source: string): Declared[] {
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw new Error(`${valid.err.msg} (line ${valid.err.line})`);
  const project = node(node(xml.parse(source)).project);
  const properties = new Map<string, string>();
  for (const [key, value] of Object.entries(node(project.properties))) {
    const property = text(value);
    if (property !== null) properties.set(key, property);
  }
  const version = text(project.version) ?? text(node(project.parent).version);
  if (version) properties.set('project.version', version);
  const substitute = (value: string | null) =>
    value?.replace(/\$\{([^}]+)\}/g, (whole, key: string) => properties.get(key) ?? whole) ?? null;
  const found: Declared[] = [];
  const lists = [node(project.dependencies), node(node(project.dependencyManagement).dependencies)];
  let searchFrom = 0;
  for (const list of lists) {
    for (const entry of (list.dependency as unknown[] | undefined) ?? []) {
      const dependency = node(entry);
      const group = text(dependency.groupId);
      const artifact = text(dependency.artifactId);
      if (!group || !artifact) continue;
      const at = source.indexOf(`<artifactId>${artifact}</artifactId>`, searchFrom);
      if (at !== -1) searchFrom = at + 1;
      const scope = text(dependency.scope);
      found.push({
        ecosystem: 'maven',
        name: `${substitute(group)}:${substitute(artifact)}`,
        version: substitute(text(dependency.version)),
        dev: scope === 'test' || scope === 'provided',
        kind: 'package',
        line: lineAt(source, Math.max(0, at)),
      });
    }
  }
  return found;
}

/** Configurations that put a library on a test or build-only classpath. */
const DEV_CONFIGURATION =
  /^(test|androidTest|kapt|ksp|annotationProcessor|compileOnly|developmentOnly|detekt)/;
const CONFIGURATION =
  '([a-zA-Z]*(?:[iI]mplementation|[aA]pi|[cC]ompileOnly|[rR]untimeOnly|[aA]nnotationProcessor|kapt|ksp|classpath|developmentOnly))';

export function parseGradle(source: string): Declared[] {
  const variables = new Map<string, string>();
  for (const match of source.matchAll(/^\s*(?:def|val|var|ext\.)?\s*(\w+)\s*=\s*["']([^"'$]+)["']/gm))
    variables.set(match[1] ?? '', match[2] ?? '');
  const substitute = (value: string) =>
    value.replace(/\$\{?(\w+)\}?/g, (whole, key: string) => variables.get(key) ?? whole);
  const found: Declared[] = [];
  const add = (configuration: string, coordinates: [string, string, string | undefined], index: number) => {
    const [group, artifact, version] = coordinates;
    found.push({
      ecosystem: 'maven',
      name: `${substitute(group)}:${substitute(artifact)}`,
      version: version ? substitute(version) : null,
      dev: DEV_CONFIGURATION.test(configuration),
      kind: 'package',
      line: lineAt(source, index),
    });
  };
  // implementation("g:a:v"), implementation 'g:a:v', testImplementation(platform("g:a:v"))
  const short = new RegExp(
    `\\b${CONFIGURATION}\\s*\\(?\\s*(?:(?:platform|enforcedPlatform)\\s*\\()?\\s*["']([^"':\\s]+):([^"':\\s]+)(?::([^"'\\s]+))?["']`,
    'g',
  );
  for (const match of source.matchAll(short))
    add(match[1] ?? '', [match[2] ?? '', match[3] ?? '', match[4]], match.index);
  // implementation group: 'g', name: 'a', version: 'v'
  const long = new RegExp(
    `\\b${CONFIGURATION}\\s*\\(?\\s*group\\s*[:=]\\s*["']([^"']+)["']\\s*,\\s*name\\s*[:=]\\s*["']([^"']+)["'](?:\\s*,\\s*version\\s*[:=]\\s*["']([^"']+)["'])?`,
    'g',
  );
  for (const match of source.matchAll(long))
    add(match[1] ?? '', [match[2] ?? '', match[3] ?? '', match[4]], match.index);
  return found;
}
