import type { Drift, DriftTool, ScanDependency } from '@stackyard/contracts/drift';
import type { Stack, StackTool } from '@stackyard/contracts/stack';
import { createMatcher, type MatchableTool } from '@stackyard/scanner/match';
import type { Dependency } from '@stackyard/scanner/types';
import { addUrl } from './add-url.ts';

// The three lists of drift, from a scan and the workspace's stack. Pure: the service reads both.

interface StanceTool extends MatchableTool {
  tool: StackTool;
  category: string | null;
}

type DriftLists = Pick<Drift, 'avoided' | 'unknown' | 'instead_of_preferred'>;

const ref = (tool: StackTool): DriftTool => ({
  workspace_tool_id: tool.workspace_tool_id,
  slug: tool.slug,
  name: tool.name,
});

export function compareScan(dependencies: readonly ScanDependency[], stack: Stack): DriftLists {
  const tools: StanceTool[] = stack.categories.flatMap((category) =>
    category.tools.map((tool) => ({
      name: tool.name,
      slug: tool.slug,
      packages: tool.packages,
      repositoryUrl: tool.forge_url,
      tool,
      category: category.name,
    })),
  );
  const match = createMatcher(tools);
  const preferredIn = new Map<string, StackTool[]>();
  for (const { tool, category } of tools)
    if (category !== null && tool.stance === 'preferred')
      preferredIn.set(category, [...(preferredIn.get(category) ?? []), tool]);

  const lists: DriftLists = { avoided: [], unknown: [], instead_of_preferred: [] };
  const usedIn = new Map<string, DriftLists['instead_of_preferred'][number]['used']>();
  const usedTools = new Set<string>();
  for (const dependency of dependencies) {
    // The stored scan is the scanner's own shape, checked by the contract when it came in.
    const found = match(dependency as Dependency);
    if (!found) {
      lists.unknown.push({ dependency, add_url: addUrl(dependency) });
      continue;
    }
    const { tool, category } = found.tool;
    usedTools.add(tool.workspace_tool_id);
    const preferred = category ? (preferredIn.get(category) ?? []) : [];
    if (tool.stance === 'avoid') {
      lists.avoided.push({
        dependency,
        tool: { ...ref(tool), note: tool.note, category },
        matched_by: found.by,
        preferred: preferred.map(ref),
      });
    }
    if (category && tool.stance !== 'preferred' && preferred.length > 0) {
      const used = usedIn.get(category) ?? [];
      used.push({ dependency, tool: { ...ref(tool), stance: tool.stance }, matched_by: found.by });
      usedIn.set(category, used);
    }
  }
  for (const [category, used] of usedIn) {
    const preferred = preferredIn.get(category) ?? [];
    // A category whose preferred tool the code also uses is on its way over: nothing to point out.
    if (preferred.some((tool) => usedTools.has(tool.workspace_tool_id))) continue;
    lists.instead_of_preferred.push({ category, preferred: preferred.map(ref), used });
  }
  return lists;
}
