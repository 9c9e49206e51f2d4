import { parse as parseToml } from 'smol-toml';
import { declarationLine, sectionStart } from '../lines.ts';
import type { Declared } from '../types.ts';

// requirements*.txt, pyproject.toml (PEP 621, Poetry, uv) and Pipfile.

/** PEP 508: a name, optional extras, then a version specifier, a URL (`@ …`) and markers after `;`. */
const REQUIREMENT = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*(.*)$/;

export function parseRequirement(text: string): { name: string; version: string | null } | null {
  const match = (text.split(';')[0] ?? '').trim().match(REQUIREMENT);
  if (!match) return null;
  const rest = (match[2] ?? '').trim();
  return { name: match[1] ?? '', version: rest && !rest.startsWith('@') ? rest.replace(/\s+/g, '') : null };
}

export interface Requirements {
  dependencies: Declared[];
  /** Files named by `-r other.txt`, relative to this one's directory. */
  includes: string[];
  problems: Array<{ line: number; message: string }>;
}

export function parseRequirements(text: string, dev: boolean): Requirements {
  const result: Requirements = { dependencies: [], includes: [], problems: [] };
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const line = index + 1;
    let content = lines[index] ?? '';
    // A trailing backslash continues the requirement on the next line.
    while (content.endsWith('\\') && index + 1 < lines.length)
      content = content.slice(0, -1) + lines[++index];
    content = content.replace(/(^|\s)#.*$/, '').trim();
    if (!content) continue;
    const include = content.match(/^(?:-r|--requirement)(?:\s+|=)(\S+)/);
    if (include) result.includes.push(include[1] ?? '');
    // Other options (-c constraints, -e editable checkouts, --index-url …) and bare URLs or paths name no
    // registry package.
    if (content.startsWith('-') || /^[a-z+]+:\/\//i.test(content) || /^[./]/.test(content)) continue;
    const requirement = parseRequirement(content);
    if (!requirement) {
      result.problems.push({ line, message: `"${content}" is not a requirement` });
      continue;
    }
    result.dependencies.push({ ecosystem: 'pypi', ...requirement, dev, kind: 'package', line });
  }
  return result;
}

function table(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Poetry and Pipfile write `name = "^1.2"` or `name = { version = "^1.2", extras = [...] }`. */
function tableVersion(value: unknown): string | null {
  const version = typeof value === 'string' ? value : table(value).version;
  return typeof version === 'string' && version !== '*' ? version : null;
}

export function parsePyproject(text: string): Declared[] {
  const toml = parseToml(text);
  const project = table(toml.project);
  const poetry = table(table(toml.tool).poetry);
  const uv = table(table(toml.tool).uv);
  const found: Declared[] = [];
  const pep508 = (list: unknown, section: string, dev: boolean) => {
    const from = sectionStart(text, section, true);
    for (const entry of Array.isArray(list) ? list : []) {
      const requirement = typeof entry === 'string' ? parseRequirement(entry) : null;
      if (!requirement) continue;
      const line = declarationLine(text, requirement.name, from, true);
      found.push({ ecosystem: 'pypi', ...requirement, dev, kind: 'package', line });
    }
  };
  const keyed = (entries: unknown, section: string, dev: boolean) => {
    const from = sectionStart(text, section, true);
    for (const [name, value] of Object.entries(table(entries))) {
      if (name.toLowerCase() === 'python') {
        const version = tableVersion(value);
        const line = declarationLine(text, name, from, true);
        found.push({ ecosystem: 'runtime', name: 'python', version, dev: false, kind: 'platform', line });
        continue;
      }
      // A path or git dependency is a checkout, not a registry package.
      if (table(value).path || table(value).git) continue;
      const line = declarationLine(text, name, from, true);
      found.push({ ecosystem: 'pypi', name, version: tableVersion(value), dev, kind: 'package', line });
    }
  };
  pep508(project.dependencies, 'project', false);
  for (const [extra, list] of Object.entries(table(project['optional-dependencies'])))
    pep508(list, `project.optional-dependencies`, extra === 'dev' || extra === 'test');
  if (typeof project['requires-python'] === 'string') {
    const line = declarationLine(text, 'requires-python', sectionStart(text, 'project', true), true);
    const version = project['requires-python'];
    found.push({ ecosystem: 'runtime', name: 'python', version, dev: false, kind: 'platform', line });
  }
  keyed(poetry.dependencies, 'tool.poetry.dependencies', false);
  keyed(poetry['dev-dependencies'], 'tool.poetry.dev-dependencies', true);
  for (const [group, entries] of Object.entries(table(poetry.group)))
    keyed(table(entries).dependencies, `tool.poetry.group.${group}.dependencies`, group !== 'main');
  for (const [group, list] of Object.entries(table(toml['dependency-groups'])))
    pep508(list, 'dependency-groups', group !== 'main');
  pep508(uv['dev-dependencies'], 'tool.uv', true);
  return found;
}

export function parsePipfile(text: string): Declared[] {
  const toml = parseToml(text);
  const found: Declared[] = [];
  for (const [section, dev] of [
    ['packages', false],
    ['dev-packages', true],
  ] as const) {
    const from = sectionStart(text, section, true);
    for (const [name, value] of Object.entries(table(toml[section]))) {
      if (table(value).path || table(value).git) continue;
      const line = declarationLine(text, name, from, true);
      found.push({ ecosystem: 'pypi', name, version: tableVersion(value), dev, kind: 'package', line });
    }
  }
  const python = table(toml.requires).python_version;
  if (typeof python === 'string') {
    const line = declarationLine(text, 'python_version', sectionStart(text, 'requires', true), true);
    found.push({ ecosystem: 'runtime', name: 'python', version: python, dev: false, kind: 'platform', line });
  }
  return found;
}
