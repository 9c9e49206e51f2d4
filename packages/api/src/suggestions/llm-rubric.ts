import type { SuggestionTool } from '@stackyard/contracts/suggestion';
import type { EngineSuggestion, EngineTool } from './engine.ts';
import { titleKey } from './engine.ts';
import { labelOf, PHRASE_INDEX, phrasesOf, TAXONOMY, type CategoryKey } from './taxonomy.ts';

// The model's ideas are held to the built-in engine's rubric: only workspace tools, each once, each in a role
// of a category it belongs to, and no idea twice. What breaks it is repaired where the tool's own category is
// known, and dropped where it is not.

/** A workspace tool as offered to the model, with the labels of the categories it fits. */
export type OfferedTool = EngineTool & { roles: string[] };

/** One idea as the model wrote it, tools by slug or name with the role it gave them. */
export interface ModelIdea extends Omit<EngineSuggestion, 'fingerprint' | 'tools' | 'stretch_category'> {
  tools: { slug: string; role: string | null }[];
  stretchCategory: string | null;
}

/** The categories a role's words name: a label, a key, or the taxonomy's words and tool names. */
function categoriesNamed(role: string): Set<CategoryKey> {
  const text = role.trim().toLowerCase();
  const named = new Set<CategoryKey>();
  for (const { key, label } of TAXONOMY.values())
    if (text === key || text === label.toLowerCase()) named.add(key);
  for (const phrase of phrasesOf(text))
    for (const entry of PHRASE_INDEX.get(phrase) ?? []) named.add(entry.key);
  return named;
}

/** The role a tool holds: the model's when the tool fits it, else the tool's own first category, else none. */
function conformingRole(tool: OfferedTool, role: string | null): string | null {
  const fitting = new Set(tool.roles);
  if (role) {
    for (const key of categoriesNamed(role)) if (fitting.has(labelOf(key))) return labelOf(key);
  }
  return tool.roles[0] ?? null;
}

/** The ideas that conform, repaired: unknown, repeated or role-less tools removed; empty or repeated ideas dropped. */
export function conformToRubric(ideas: ModelIdea[], tools: OfferedTool[]): EngineSuggestion[] {
  const byKey = new Map<string, OfferedTool>();
  for (const tool of tools) {
    byKey.set(tool.slug.toLowerCase(), tool);
    byKey.set(tool.name.toLowerCase(), tool);
  }
  const result: EngineSuggestion[] = [];
  const titles = new Set<string>();
  for (const idea of ideas) {
    const key = titleKey(idea.title);
    if (titles.has(key)) continue;
    const used = new Map<string, SuggestionTool>();
    for (const reference of idea.tools) {
      const tool = byKey.get(reference.slug.trim().toLowerCase());
      if (!tool || used.has(tool.id)) continue;
      const role = conformingRole(tool, reference.role);
      if (role)
        used.set(tool.id, { tool_id: tool.id, slug: tool.slug, name: tool.name, role, stretch: false });
    }
    if (used.size === 0) continue;
    titles.add(key);
    const { stretchCategory, ...rest } = idea;
    result.push({
      ...rest,
      fingerprint: `llm:${key}`,
      tools: [...used.values()],
      ...(stretchCategory ? { stretch_category: stretchCategory } : {}),
    });
  }
  return result;
}
