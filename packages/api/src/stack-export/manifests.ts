import type { Stack } from '@stackyard/contracts/stack';
import { toolPackages, type Ecosystem } from './packages.ts';
import { commentText, quoted } from './text.ts';
import { stackTitle } from './instructions.ts';

// Dependency manifests of the preferred packages, one per ecosystem. Versions are not known yet (they come
// with the tool facts), so each names the newest release: "latest" for npm, "*" for Cargo, no pin for pip.

function preferredPackages(stack: Stack, ecosystem: Ecosystem): string[] {
  const names = stack.categories
    .flatMap((category) => category.tools)
    .filter((tool) => tool.stance === 'preferred')
    .flatMap((tool) => toolPackages(tool)[ecosystem] ?? []);
  return [...new Set(names)].sort();
}

/** The `dependencies` member of a package.json, to merge into the project's own. */
export function packageJson(stack: Stack): string {
  const dependencies = Object.fromEntries(preferredPackages(stack, 'npm').map((name) => [name, 'latest']));
  return `${JSON.stringify({ dependencies }, null, 2)}\n`;
}

export function requirementsTxt(stack: Stack): string {
  const names = preferredPackages(stack, 'pypi');
  return [
    `# Preferred Python packages of the ${commentText(stackTitle(stack))} (stackyard)`,
    ...names,
    '',
  ].join('\n');
}

export function cargoToml(stack: Stack): string {
  const names = preferredPackages(stack, 'cargo');
  return [
    `# Preferred crates of the ${commentText(stackTitle(stack))} (stackyard)`,
    '[dependencies]',
    ...names.map((name) => `${name} = ${quoted('*')}`),
    '',
  ].join('\n');
}
