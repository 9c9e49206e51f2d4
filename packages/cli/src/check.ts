import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { stackFileSchema, stackToolSchema, type ToolStance } from '@stackyard/contracts/stack';
import type { ApiClient } from '@stackyard/mcp/api-client';
import { resolveWorkspace } from '@stackyard/mcp/catalog';
import { fetchStack } from '@stackyard/mcp/stack';
import { createMatcher, type MatchableTool, type MatchedBy } from '@stackyard/scanner/match';
import type { Dependency, ScanResult } from '@stackyard/scanner/types';
import { pathGlob, type CheckConfig } from './check-config.ts';

// `stackyard check`: the scanned dependencies against the team's stances, from the server or an exported
// stack.json, each use of an avoided (or, when configured, accepted or unknown) tool a result.

export interface StanceTool extends MatchableTool {
  stance: ToolStance;
  note: string | null;
  category: string | null;
}

export interface Stack {
  /** What the stances are of: the workspace's (or project's) slug, or the stack file's path. */
  source: string;
  tools: StanceTool[];
}

export type Rule = 'avoid' | 'accepted' | 'unknown';

export interface CheckResult {
  rule: Rule;
  level: 'error' | 'warning';
  message: string;
  dependency: Dependency;
  tool: { slug: string; name: string; stance: ToolStance; note: string | null } | null;
  matched_by: MatchedBy | null;
  /** The preferred tools of the avoided or accepted tool's category. */
  preferred: string[];
}

export class StackFileError extends Error {}

export function readStackFile(path: string): Stack {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new StackFileError(
      `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = stackFileSchema.safeParse(json);
  if (!parsed.success)
    throw new StackFileError(
      `${path} is not a stack.json exported by stackyard (stackyard export --format stack-json)`,
    );
  const tools = parsed.data.categories.flatMap((category) =>
    category.tools.map((tool) => ({
      name: tool.name,
      slug: tool.slug,
      packages: tool.packages,
      // The file keeps one URL per tool: the homepage, else the repository. Only a forge URL counts.
      repositoryUrl: tool.url,
      stance: tool.stance,
      note: tool.note,
      category: category.name,
    })),
  );
  return { source: path, tools };
}

const stackToolsSchema = z.array(stackToolSchema);

export async function fetchStanceTools(
  api: ApiClient,
  workspace: string | undefined,
  project: string | undefined,
): Promise<Stack> {
  const found = await resolveWorkspace(api, workspace);
  const stack = await fetchStack(api, found.id, project, undefined);
  const tools = stack.categories.flatMap((category) =>
    stackToolsSchema.parse(category.tools).map((tool) => ({
      name: tool.name,
      slug: tool.slug,
      packages: tool.packages,
      repositoryUrl: tool.forge_url,
      stance: tool.stance,
      note: tool.note,
      category: category.name,
    })),
  );
  return { source: stack.project ? `${found.slug}/${stack.project.slug}` : found.slug, tools };
}

function ignored(
  dependency: Dependency,
  tool: StanceTool | null,
  ignore: Set<string>,
  paths: RegExp[],
): boolean {
  const name = dependency.name.toLowerCase();
  return (
    ignore.has(name) ||
    ignore.has(`${dependency.ecosystem}:${name}`) ||
    (tool !== null && ignore.has(tool.slug.toLowerCase())) ||
    paths.some((pattern) => pattern.test(dependency.file))
  );
}

function describe(rule: Rule, dependency: Dependency, tool: StanceTool | null, preferred: string[]): string {
  const instead = preferred.length > 0 ? `; the team prefers ${preferred.join(', ')}` : '';
  if (rule === 'unknown' || !tool) return `${dependency.name} is not a tool of the workspace.`;
  const note = tool.note ? ` (${tool.note})` : '';
  if (rule === 'avoid') return `${dependency.name}: ${tool.name} is a tool the team avoids${note}${instead}.`;
  return `${dependency.name}: ${tool.name} is accepted but not preferred by the team${note}${instead}.`;
}

export function check(scan: ScanResult, stack: Stack, config: CheckConfig): CheckResult[] {
  const match = createMatcher(stack.tools);
  const ignore = new Set(config.ignore.map((entry) => entry.toLowerCase()));
  const paths = config.ignorePaths.map(pathGlob);
  const preferredIn = new Map<string | null, string[]>();
  for (const tool of stack.tools)
    if (tool.stance === 'preferred')
      preferredIn.set(tool.category, [...(preferredIn.get(tool.category) ?? []), tool.name]);
  const results: CheckResult[] = [];
  for (const dependency of scan.dependencies) {
    const found = match(dependency);
    const tool = found?.tool ?? null;
    if (ignored(dependency, tool, ignore, paths)) continue;
    const rule: Rule | null = !tool ? 'unknown' : tool.stance === 'preferred' ? null : tool.stance;
    const level = rule ? config.levels[rule] : 'off';
    if (!rule || level === 'off') continue;
    // Tools without a category have no alternative to name: "uncategorized" is no kind of tool.
    const preferred = tool?.category ? (preferredIn.get(tool.category) ?? []) : [];
    results.push({
      rule,
      level: level === 'warn' ? 'warning' : 'error',
      message: describe(rule, dependency, tool, preferred),
      dependency,
      tool: tool ? { slug: tool.slug, name: tool.name, stance: tool.stance, note: tool.note } : null,
      matched_by: found?.by ?? null,
      preferred,
    });
  }
  return results;
}
