import type { ProjectNextSteps } from '@stackyard/contracts/suggestion';
import { classifyRemembered, toolScore, type EngineTool } from './engine.ts';
import { ARCHETYPES, labelOf, type CategoryKey } from './taxonomy.ts';

// "Next steps for {project}": for a project the workspace already has, the workspace tools not yet in it that
// would fill a role it lacks. Which roles a project could use comes from the archetypes: roles that appear
// together with the project's own roles in the kinds of project the engine knows.

export const NEXT_STEPS_PER_PROJECT = 3;

export interface ExistingProject {
  id: string;
  name: string;
  slug: string;
  toolIds: string[];
}

/** How often each pair of roles appears in one archetype. */
const together = new Map<CategoryKey, Map<CategoryKey, number>>();
for (const archetype of ARCHETYPES) {
  const roles = [...new Set([...archetype.needs, ...archetype.extras])];
  for (const role of roles) {
    const counts = together.get(role) ?? new Map<CategoryKey, number>();
    for (const other of roles) if (other !== role) counts.set(other, (counts.get(other) ?? 0) + 1);
    together.set(role, counts);
  }
}

export function nextSteps(tools: EngineTool[], projects: ExistingProject[]): ProjectNextSteps[] {
  const usable = tools
    .filter((tool) => tool.stance !== 'avoid')
    .map((tool) => ({ ...tool, categories: classifyRemembered(tool), score: toolScore(tool) }))
    .filter((tool) => tool.categories.size > 0)
    .sort((a, b) => b.score - a.score || (a.slug < b.slug ? -1 : 1));
  const result: ProjectNextSteps[] = [];
  for (const project of projects) {
    const toolIds = new Set(project.toolIds);
    const inProject = usable.filter((tool) => toolIds.has(tool.id));
    if (inProject.length === 0) continue;
    const has = new Set(inProject.flatMap((tool) => [...tool.categories.keys()]));
    // Each lacking role, weighed by how often it goes with the roles the project has.
    const lacking = new Map<CategoryKey, number>();
    for (const role of has)
      for (const [other, count] of together.get(role) ?? [])
        if (!has.has(other)) lacking.set(other, (lacking.get(other) ?? 0) + count);
    const steps: ProjectNextSteps['steps'] = [];
    const taken = new Set<string>();
    for (const [role] of [...lacking].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
      if (steps.length >= NEXT_STEPS_PER_PROJECT) break;
      const tool = usable.find(
        (entry) => entry.categories.has(role) && !toolIds.has(entry.id) && !taken.has(entry.id),
      );
      if (!tool) continue;
      taken.add(tool.id);
      const label = labelOf(role);
      steps.push({
        tool: { tool_id: tool.id, slug: tool.slug, name: tool.name, role: label, stretch: false },
        why: `${project.name} has no ${label.toLowerCase()} yet; ${tool.name} is in your collection and goes with ${list(inProject.map((entry) => entry.name))}.`,
      });
    }
    if (steps.length > 0)
      result.push({ project_id: project.id, project_name: project.name, project_slug: project.slug, steps });
  }
  return result;
}

function list(items: string[]): string {
  const shown = items.slice(0, 3);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}
