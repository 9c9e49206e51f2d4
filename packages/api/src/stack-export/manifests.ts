import type { Stack, StackPackage } from '@stackyard/contracts/stack';
import { commentText, quoted, stackTitle } from './text.ts';

// Dependency manifests of the preferred packages, one per ecosystem, at the latest version the tool facts know:
// npm `^x.y.z`, pip `>=x.y.z`, Cargo `"x.y.z"` (a caret requirement). Without a known version each names the
// newest release: "latest" for npm, "*" for Cargo, no pin for pip.

export type ManifestEcosystem = 'npm' | 'pypi' | 'cargo';

/** Categories whose packages a project needs only to build and test it: npm's devDependencies. */
const DEV_CATEGORY =
  /\b(tests?|testing|test runners?|lint|linters?|linting|format|formatters?|formatting|bundlers?|bundling|build|build tools?|types?|typings?)\b/i;

export interface PreferredPackage extends StackPackage {
  dev: boolean;
}

/** The preferred tools' packages of one ecosystem, one entry per name (the first in stack order), by name. */
export function preferredPackages(stack: Stack, ecosystem: ManifestEcosystem): PreferredPackage[] {
  const byName = new Map<string, PreferredPackage>();
  for (const category of stack.categories) {
    const dev = category.name !== null && DEV_CATEGORY.test(category.name);
    for (const tool of category.tools) {
      if (tool.stance !== 'preferred') continue;
      const found = tool.packages.find((entry) => entry.ecosystem === ecosystem);
      if (found && !byName.has(found.name)) byName.set(found.name, { ...found, dev });
    }
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A release version, without a pre-release or build part: the only kind a range should start from. */
function release(version: string | null): string | null {
  return version && /^\d+\.\d+\.\d+$/.test(version) ? version : null;
}

/** The `dependencies` and `devDependencies` members of a package.json, to merge into the project's own. */
export function packageJson(stack: Stack): string {
  const entries = preferredPackages(stack, 'npm').map((entry) => {
    const version = release(entry.version);
    return [entry, version ? `^${version}` : 'latest'] as const;
  });
  const pick = (dev: boolean) =>
    Object.fromEntries(
      entries.filter(([entry]) => entry.dev === dev).map(([entry, range]) => [entry.name, range]),
    );
  const devDependencies = pick(true);
  const fragment =
    Object.keys(devDependencies).length > 0
      ? { dependencies: pick(false), devDependencies }
      : { dependencies: pick(false) };
  return `${JSON.stringify(fragment, null, 2)}\n`;
}

export function requirementsTxt(stack: Stack): string {
  const lines = preferredPackages(stack, 'pypi').map((entry) => {
    const version = release(entry.version);
    return version ? `${entry.name}>=${version}` : entry.name;
  });
  return [
    `# Preferred Python packages of the ${commentText(stackTitle(stack))} (stackyard)`,
    ...lines,
    '',
  ].join('\n');
}

export function cargoToml(stack: Stack): string {
  const lines = preferredPackages(stack, 'cargo').map(
    (entry) => `${entry.name} = ${quoted(release(entry.version) ?? '*')}`,
  );
  return [
    `# Preferred crates of the ${commentText(stackTitle(stack))} (stackyard)`,
    '[dependencies]',
    ...lines,
    '',
  ].join('\n');
}
