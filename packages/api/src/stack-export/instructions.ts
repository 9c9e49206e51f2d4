import type { Stack, StackTool, ToolStance } from '@stackyard/contracts/stack';
import { preferredPackages } from './manifests.ts';
import { markdownText, markdownUrl, quoted, stackTitle } from './text.ts';

// The instruction files AI coding assistants read (see docs: AGENTS.md, CLAUDE.md, Cursor, Copilot, Gemini,
// Windsurf). They share one body, so an assistant gets the same guidance whichever file it reads.

const UNCATEGORIZED = 'Other';

const STANCE_LABEL: Record<ToolStance, string> = {
  preferred: 'preferred',
  accepted: 'accepted',
  avoid: 'avoid',
};

/** "the Acme workspace" or "the API project of the Acme workspace", escaped for Markdown. */
export function stackSubject(stack: Stack): string {
  const workspace = `the ${markdownText(stack.workspace.name)} workspace`;
  return stack.project ? `the ${markdownText(stack.project.name)} project of ${workspace}` : workspace;
}

function tools(stack: Stack): StackTool[] {
  return stack.categories.flatMap((category) => category.tools);
}

function link(tool: StackTool): string {
  return `[${markdownText(tool.name)}](${markdownUrl(tool.url)})`;
}

function noteSuffix(tool: StackTool): string {
  return tool.note ? `: ${markdownText(tool.note)}` : '';
}

function installLines(stack: Stack): string[] {
  const npm = preferredPackages(stack, 'npm');
  const names = (entries: { name: string }[]) => entries.map((entry) => entry.name).join(' ');
  const lines: string[] = [];
  const runtime = npm.filter((entry) => !entry.dev);
  const dev = npm.filter((entry) => entry.dev);
  if (runtime.length > 0) {
    lines.push(`npm install ${names(runtime)}`, `pnpm add ${names(runtime)}`, `yarn add ${names(runtime)}`);
  }
  if (dev.length > 0) {
    lines.push(
      `npm install --save-dev ${names(dev)}`,
      `pnpm add -D ${names(dev)}`,
      `yarn add -D ${names(dev)}`,
    );
  }
  const pypi = preferredPackages(stack, 'pypi');
  if (pypi.length > 0) lines.push(`pip install ${names(pypi)}`, `uv add ${names(pypi)}`);
  const cargo = preferredPackages(stack, 'cargo');
  if (cargo.length > 0) lines.push(`cargo add ${names(cargo)}`);
  return lines;
}

// Five formats share the body: an export of all of them renders it once.
const bodies = new WeakMap<Stack, string>();

/** The shared body: what to prefer, what to avoid and why, the stack by category, install commands. */
export function instructionsBody(stack: Stack): string {
  let body = bodies.get(stack);
  if (body === undefined) {
    body = renderBody(stack);
    bodies.set(stack, body);
  }
  return body;
}

function renderBody(stack: Stack): string {
  const all = tools(stack);
  const preferred = all.filter((tool) => tool.stance === 'preferred');
  const avoided = all.filter((tool) => tool.stance === 'avoid');
  const out: string[] = [
    `This is the preferred stack of ${stackSubject(stack)}, exported from stackyard. When you choose a library, framework or tool, reach for the preferred ones, keep to the accepted ones, and do not introduce the ones to avoid.`,
    '',
    '## Prefer',
    '',
    ...(preferred.length > 0
      ? preferred.map((tool) => `- ${link(tool)}${noteSuffix(tool)}`)
      : ['- No tool is marked preferred yet.']),
    '',
    '## Avoid',
    '',
    ...(avoided.length > 0
      ? avoided.map((tool) => `- ${markdownText(tool.name)}${noteSuffix(tool)}`)
      : ['- No tool is marked to avoid.']),
    '',
    '## Stack by category',
  ];
  for (const category of stack.categories) {
    out.push('', `### ${markdownText(category.name ?? UNCATEGORIZED)}`, '');
    for (const tool of category.tools) {
      const rating = tool.rating ? `, rated ${tool.rating}/5` : '';
      out.push(`- ${link(tool)} (${STANCE_LABEL[tool.stance]}${rating})${noteSuffix(tool)}`);
      if (tool.top_comment) out.push(`  - Team comment: ${markdownText(tool.top_comment.content)}`);
    }
  }
  if (stack.categories.length === 0) out.push('', 'The stack has no tools yet.');
  const install = installLines(stack);
  if (install.length > 0) out.push('', '## Install', '', '```sh', ...install, '```');
  return `${out.join('\n')}\n`;
}

export function agentsMd(stack: Stack): string {
  return `# AGENTS.md\n\n${heading(stack, 2)}\n\n${instructionsBody(stack)}`;
}

function heading(stack: Stack, level: 1 | 2): string {
  return `${'#'.repeat(level)} ${markdownText(stackTitle(stack))}`;
}

/** Claude Code imports AGENTS.md with `@AGENTS.md` on a line of its own, so nothing is written twice. */
export function claudeMd(stack: Stack): string {
  return [
    '@AGENTS.md',
    '',
    '## Claude Code',
    '',
    `- The preferred stack of ${stackSubject(stack)} is in AGENTS.md (imported above): follow its Prefer and Avoid lists when you add a dependency.`,
    '',
  ].join('\n');
}

/** Cursor project rule: YAML front matter on line 1, always applied. */
export function cursorRule(stack: Stack): string {
  const description = `Preferred stack of ${stackTitle(stack).replace(/ stack$/, '')}: which libraries and tools to use and avoid`;
  return `---\ndescription: ${quoted(description)}\nalwaysApply: true\n---\n\n${heading(stack, 1)}\n\n${instructionsBody(stack)}`;
}

export function copilotInstructions(stack: Stack): string {
  return `${heading(stack, 1)}\n\n${instructionsBody(stack)}`;
}

/** Gemini CLI reads only GEMINI.md unless configured otherwise, so it gets the whole body. */
export function geminiMd(stack: Stack): string {
  return `${heading(stack, 1)}\n\n${instructionsBody(stack)}`;
}

export function windsurfRule(stack: Stack): string {
  return `---\ntrigger: always_on\n---\n\n${heading(stack, 1)}\n\n${instructionsBody(stack)}`;
}

/** llms.txt (llmstxt.org): H1, blockquote summary, then link sections; accepted tools go under Optional. */
export function llmsTxt(stack: Stack): string {
  const all = tools(stack);
  const section = (name: string, list: StackTool[]) =>
    list.length > 0
      ? ['', `## ${name}`, '', ...list.map((tool) => `- ${link(tool)}${noteSuffix(tool)}`)]
      : [];
  return [
    `# ${markdownText(stackTitle(stack))}`,
    '',
    `> The tools ${stackSubject(stack)} prefers, with links to their documentation.`,
    ...section(
      'Preferred tools',
      all.filter((tool) => tool.stance === 'preferred'),
    ),
    ...section(
      'Optional',
      all.filter((tool) => tool.stance === 'accepted'),
    ),
    '',
  ].join('\n');
}
