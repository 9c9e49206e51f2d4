import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { suggest, titleKey, toolSetKey, type EngineInput, type EngineTool } from '../engine.ts';
import { TAXONOMY } from '../taxonomy.ts';

// The evaluation of the built-in ideas: workspaces of real tools (names, descriptions and topics as ingestion
// stores them, some with the team's stack category), each tool with the categories it truly belongs to. It
// measures whether every role of every idea holds a tool of that role's category, how much of the workspace
// the ideas use, and whether an accepted or dismissed idea ever comes back.

const category = z.string().refine((key) => TAXONOMY.has(key), 'an unknown category');

const evalToolSchema = z.strictObject({
  name: z.string(),
  slug: z.string().optional(),
  description: z.string(),
  topics: z.array(z.string()).optional(),
  category: z.string().optional(),
  stance: z.enum(['preferred', 'accepted', 'avoid']).optional(),
  rating: z.number().int().min(1).max(5).optional(),
  /** The categories the tool belongs to: the roles it may fill. */
  fits: z.array(category),
});

const evalWorkspaceSchema = z.strictObject({
  name: z.string(),
  tools: z.array(evalToolSchema).min(3),
  projects: z.array(z.strictObject({ name: z.string(), tools: z.array(z.string()) })).optional(),
  /** How many of the first ideas the team accepts and then dismisses before asking again. */
  decided: z.strictObject({ accepted: z.number().int(), dismissed: z.number().int() }).optional(),
});
export type EvalWorkspace = z.infer<typeof evalWorkspaceSchema>;

export function loadEvalSet(): EvalWorkspace[] {
  const raw: unknown = JSON.parse(readFileSync(new URL('./workspaces.json', import.meta.url), 'utf8'));
  return z.strictObject({ workspaces: z.array(evalWorkspaceSchema) }).parse(raw).workspaces;
}

export interface EvalResult {
  workspace: string;
  ideas: number;
  roles: number;
  /** Roles held by a tool of the role's category. */
  fitting: number;
  /** Each wrong fit as "Tool as Role in Idea". */
  wrong: string[];
  tools: number;
  /** Tools of the workspace in at least one idea. */
  used: number;
  /** Ideas that repeat an accepted or dismissed idea, or an existing project. */
  duplicates: number;
}

export function evaluate(workspace: EvalWorkspace): EvalResult {
  const tools: EngineTool[] = workspace.tools.map((tool, index) => ({
    id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    slug: tool.slug ?? tool.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    name: tool.name,
    description: tool.description,
    stance: tool.stance ?? 'accepted',
    rating: tool.rating ?? null,
    category: tool.category ?? null,
    // The topics as the repository reads them from the GitHub facts: words, not hyphenated names.
    labels: (tool.topics ?? []).map((topic) => topic.replaceAll('-', ' ')),
    projectCount: 0,
  }));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const projects = (workspace.projects ?? []).map((project) => ({
    name: project.name,
    toolIds: project.tools.map((name) => byName.get(name)?.id ?? name),
  }));
  for (const project of projects)
    for (const tool of tools) if (project.toolIds.includes(tool.id)) tool.projectCount += 1;
  const input: EngineInput = { tools, projects, excludedFingerprints: new Set(), excludedTitles: new Set() };

  let ideas = suggest(input).suggestions;
  const { accepted = 0, dismissed = 0 } = workspace.decided ?? {};
  const decided = ideas.slice(0, accepted + dismissed);
  if (decided.length > 0) {
    const started = decided.slice(0, accepted);
    ideas = suggest({
      ...input,
      projects: [
        ...projects,
        ...started.map((idea) => ({ name: idea.title, toolIds: idea.tools.map((tool) => tool.tool_id) })),
      ],
      excludedFingerprints: new Set(decided.map((idea) => idea.fingerprint)),
      excludedTitles: new Set(decided.map((idea) => titleKey(idea.title))),
    }).suggestions;
  }
  const repeated = new Set([
    ...decided.flatMap((idea) => [idea.fingerprint, titleKey(idea.title)]),
    ...projects.map((project) => toolSetKey(project.toolIds)),
  ]);

  const fits = new Map(workspace.tools.map((tool, index) => [tools[index]?.id, tool.fits]));
  const keyOfLabel = new Map([...TAXONOMY.values()].map(({ key, label }) => [label, key]));
  const result: EvalResult = {
    workspace: workspace.name,
    ideas: ideas.length,
    roles: 0,
    fitting: 0,
    wrong: [],
    tools: tools.filter((tool) => tool.stance !== 'avoid').length,
    used: new Set(ideas.flatMap((idea) => idea.tools.map((tool) => tool.tool_id))).size,
    duplicates: 0,
  };
  for (const idea of ideas) {
    const toolIds = idea.tools.map((tool) => tool.tool_id);
    if ([idea.fingerprint, titleKey(idea.title), toolSetKey(toolIds)].some((key) => repeated.has(key)))
      result.duplicates += 1;
    for (const tool of idea.tools) {
      result.roles += 1;
      if (fits.get(tool.tool_id)?.includes(keyOfLabel.get(tool.role) ?? '')) result.fitting += 1;
      else result.wrong.push(`${tool.name} as ${tool.role} in "${idea.title}"`);
    }
  }
  return result;
}

export const percent = (part: number, whole: number): string =>
  whole === 0 ? '–' : `${Math.round((part / whole) * 1000) / 10}%`;
