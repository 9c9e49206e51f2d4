import type {
  SuggestionDifficulty,
  SuggestionScope,
  SuggestionTool,
  SuggestionsTooFew,
} from '@stackyard/contracts/suggestion';
import type { ToolStance } from '@stackyard/contracts/stack';
import { ARCHETYPES, type Archetype } from './archetypes.ts';
import { hasPhrase, normalizeText, PHRASE_INDEX, phrasesOf, TAXONOMY, type CategoryKey } from './taxonomy.ts';

// The built-in suggestion engine (issue 18): pure and deterministic. It classifies the workspace's tools into
// the taxonomy's categories and fills the archetypes with the best tools of each category.

/** What the engine knows of one workspace tool. */
export interface EngineTool {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  stance: ToolStance;
  /** 1–5, or null when unrated. */
  rating: number | null;
  /** The stack category the team gave it (workspace_tool_stances.category). */
  category: string | null;
  /** Tag names, repository topics and package keywords. */
  labels: string[];
  /** How many of the workspace's projects use it. */
  projectCount: number;
}

export interface EngineInput {
  tools: EngineTool[];
  /** The workspace's projects: their names and tool ids (a suggestion never repeats one). */
  projects: { name: string; toolIds: string[] }[];
  /** Fingerprints and titles (normalized) of suggestions dismissed or accepted before. */
  excludedFingerprints: ReadonlySet<string>;
  excludedTitles: ReadonlySet<string>;
  focus?: string;
}

export interface EngineSuggestion {
  fingerprint: string;
  title: string;
  pitch: string;
  why: string;
  tools: SuggestionTool[];
  stretchCategory?: string;
  difficulty: SuggestionDifficulty;
  scope: SuggestionScope;
  milestones: string[];
  archetype: string;
}

export interface EngineResult {
  suggestions: EngineSuggestion[];
  tooFew?: SuggestionsTooFew;
}

/** Below this many usable (classified, not avoided) tools the engine asks for more instead of guessing. */
export const MIN_USABLE_TOOLS = 3;
const STARTER_CATEGORIES: CategoryKey[] = ['frontend', 'api', 'database', 'testing', 'orm', 'cli'];

// How much each source of words counts towards a category (a tool joins a category at MIN_CATEGORY_SCORE).
const WEIGHT = { category: 6, name: 5, label: 4, description: 1 };
const MIN_CATEGORY_SCORE = 2;

interface Classified extends EngineTool {
  categories: Map<CategoryKey, number>;
  score: number;
}

/** Each category's matching score for one tool: stack category and tags weigh most, descriptions least. */
export function classifyTool(
  tool: Pick<EngineTool, 'name' | 'slug' | 'description' | 'category' | 'labels'>,
): Map<CategoryKey, number> {
  const scores = new Map<CategoryKey, number>();
  const add = (key: CategoryKey, points: number) => scores.set(key, (scores.get(key) ?? 0) + points);
  // A name or slug counts when it is a known tool's name.
  const named = new Set<CategoryKey>();
  for (const phrase of phrasesOf(`${tool.name} ${tool.slug.replace(/-/g, ' ')} ${tool.slug}`)) {
    for (const entry of PHRASE_INDEX.get(phrase) ?? []) if (entry.isName) named.add(entry.key);
  }
  for (const key of named) add(key, WEIGHT.name);
  // The team's own words (stack category, tags, topics): any name or word of a category counts in full.
  for (const [text, weight] of [
    [tool.category ?? '', WEIGHT.category],
    [tool.labels.join(' , '), WEIGHT.label],
  ] as const) {
    const hit = new Set<CategoryKey>();
    for (const phrase of phrasesOf(text))
      for (const entry of PHRASE_INDEX.get(phrase) ?? []) hit.add(entry.key);
    for (const key of hit) add(key, weight);
  }
  // A description may mention anything: each distinct word counts a little, up to three per category.
  const described = new Map<CategoryKey, number>();
  for (const phrase of phrasesOf(tool.description ?? '')) {
    for (const entry of PHRASE_INDEX.get(phrase) ?? []) {
      if (!entry.isName) described.set(entry.key, (described.get(entry.key) ?? 0) + 1);
    }
  }
  for (const [key, hits] of described) add(key, Math.min(hits, 3) * WEIGHT.description);
  for (const [key, score] of scores) if (score < MIN_CATEGORY_SCORE) scores.delete(key);
  return scores;
}

/** How much the team wants to use a tool: stance, rating, and saved-but-unused ("try what you saved"). */
function toolScore(tool: EngineTool): number {
  const stance = tool.stance === 'preferred' ? 3 : 0;
  const rating = tool.rating === null ? 0 : tool.rating - 3;
  const unused = tool.projectCount === 0 ? 1.5 : 0;
  return stance + rating + unused;
}

// Classification depends only on a tool's words, so it is remembered between requests (bounded).
const CLASSIFIED_MAX = 50_000;
const classified = new Map<string, Map<CategoryKey, number>>();

function classifyRemembered(tool: EngineTool): Map<CategoryKey, number> {
  const key = [tool.name, tool.slug, tool.description ?? '', tool.category ?? '', ...tool.labels].join(
    '\u0000',
  );
  let categories = classified.get(key);
  if (!categories) {
    categories = classifyTool(tool);
    if (classified.size >= CLASSIFIED_MAX) classified.clear();
    classified.set(key, categories);
  }
  return categories;
}

export function suggest(input: EngineInput): EngineResult {
  const usable: Classified[] = [];
  for (const tool of input.tools) {
    if (tool.stance === 'avoid') continue;
    const categories = classifyRemembered(tool);
    if (categories.size > 0) usable.push({ ...tool, categories, score: toolScore(tool) });
  }
  if (usable.length < MIN_USABLE_TOOLS) {
    const have = new Set(usable.flatMap((tool) => [...tool.categories.keys()]));
    return {
      suggestions: [],
      tooFew: {
        have: usable.length,
        need: MIN_USABLE_TOOLS,
        collectFirst: STARTER_CATEGORIES.filter((key) => !have.has(key)).map((key) => TAXONOMY[key].label),
      },
    };
  }
  const byCategory = rankByCategory(usable);
  const focus = input.focus ? normalizeText(input.focus) : null;
  const projectToolSets = new Set(input.projects.map((project) => toolSetKey(project.toolIds)));
  const projectTitles = new Set(input.projects.map((project) => titleKey(project.name)));

  const ranked: { suggestion: EngineSuggestion; rank: number }[] = [];
  const seen = new Set<string>();
  for (const archetype of ARCHETYPES) {
    for (const variant of [0, 1]) {
      const built = build(archetype, byCategory, variant);
      if (!built) continue;
      const key = titleKey(built.suggestion.title);
      if (
        seen.has(built.suggestion.fingerprint) ||
        input.excludedFingerprints.has(built.suggestion.fingerprint) ||
        input.excludedTitles.has(key) ||
        projectTitles.has(key) ||
        projectToolSets.has(toolSetKey(built.suggestion.tools.map((tool) => tool.toolId)))
      )
        continue;
      seen.add(built.suggestion.fingerprint);
      ranked.push({
        suggestion: built.suggestion,
        rank: built.rank + focusBonus(focus, archetype, built.tools),
      });
    }
  }
  ranked.sort((a, b) => b.rank - a.rank || (a.suggestion.fingerprint < b.suggestion.fingerprint ? -1 : 1));
  return { suggestions: ranked.map((entry) => entry.suggestion) };
}

/** A category's tools, the best first: tools whose main category it is before those that only touch it. */
function rankByCategory(tools: Classified[]): Map<CategoryKey, Classified[]> {
  const byCategory = new Map<CategoryKey, Classified[]>();
  for (const tool of tools) {
    for (const key of tool.categories.keys()) {
      const list = byCategory.get(key);
      if (list) list.push(tool);
      else byCategory.set(key, [tool]);
    }
  }
  for (const [key, list] of byCategory) {
    list.sort(
      (a, b) =>
        b.score + (b.categories.get(key) ?? 0) / 4 - (a.score + (a.categories.get(key) ?? 0) / 4) ||
        (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
    );
  }
  return byCategory;
}

interface Built {
  suggestion: EngineSuggestion;
  rank: number;
  tools: Classified[];
}

/** Fills an archetype: the best tool per category (variant 1 takes the runner-up of its first category). */
function build(
  archetype: Archetype,
  byCategory: Map<CategoryKey, Classified[]>,
  variant: number,
): Built | null {
  const chosen = new Map<CategoryKey, Classified>();
  const used = new Set<string>();
  const missing: CategoryKey[] = [];
  for (const [index, key] of archetype.needs.entries()) {
    const candidates = (byCategory.get(key) ?? []).filter((tool) => !used.has(tool.id));
    const pick = index === 0 && variant === 1 ? candidates[1] : candidates[0];
    if (index === 0 && variant === 1 && !pick) return null;
    if (pick) {
      chosen.set(key, pick);
      used.add(pick.id);
    } else missing.push(key);
  }
  if (missing.length > 1 || chosen.size < 2) return null;
  for (const key of archetype.extras) {
    const pick = (byCategory.get(key) ?? []).find((tool) => !used.has(tool.id));
    if (pick) {
      chosen.set(key, pick);
      used.add(pick.id);
    }
  }
  const stretch = missing[0];
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_, key: CategoryKey) => {
      const tool = chosen.get(key);
      if (tool) return tool.name;
      return `a ${TAXONOMY[key]?.label.toLowerCase() ?? key} of your choice`;
    });
  const tools = [...chosen.values()];
  const suggestionTools: SuggestionTool[] = [...chosen.entries()].map(([key, tool]) => ({
    toolId: tool.id,
    slug: tool.slug,
    name: tool.name,
    role: TAXONOMY[key].label,
    stretch: false,
  }));
  const rank =
    tools.reduce((sum, tool) => sum + tool.score, 0) / tools.length +
    tools.length * 0.25 -
    (stretch ? 1.5 : 0) -
    variant * 0.75;
  return {
    tools,
    rank,
    suggestion: {
      fingerprint: `builtin:${archetype.key}:${toolSetKey(tools.map((tool) => tool.id))}`,
      title: fill(archetype.title),
      pitch: fill(archetype.pitch),
      why: why(chosen, stretch),
      tools: suggestionTools,
      ...(stretch ? { stretchCategory: TAXONOMY[stretch].label } : {}),
      difficulty: archetype.difficulty,
      scope: archetype.scope,
      milestones: archetype.milestones.map(fill),
      archetype: archetype.key,
    },
  };
}

function why(chosen: Map<CategoryKey, Classified>, stretch: CategoryKey | undefined): string {
  const tools = [...chosen.values()];
  const reasons: string[] = [];
  const preferred = tools.filter((tool) => tool.stance === 'preferred').map((tool) => tool.name);
  if (preferred.length > 0)
    reasons.push(`${list(preferred)} ${preferred.length > 1 ? 'are' : 'is'} preferred`);
  const loved = tools
    .filter((tool) => (tool.rating ?? 0) >= 4)
    .map((tool) => `${tool.name} (${tool.rating}/5)`);
  if (loved.length > 0) reasons.push(`the team rates ${list(loved)} highly`);
  const unused = tools.filter((tool) => tool.projectCount === 0).map((tool) => tool.name);
  if (unused.length > 0)
    reasons.push(`${list(unused)} ${unused.length > 1 ? 'are' : 'is'} saved but not yet used in a project`);
  const parts = [
    `It combines ${list([...chosen.entries()].map(([key, tool]) => `${tool.name} (${TAXONOMY[key].label.toLowerCase()})`))} from your collection.`,
  ];
  if (reasons.length > 0) parts.push(`${capitalize(list(reasons))}.`);
  if (stretch) {
    parts.push(
      `Stretch: your collection has no ${TAXONOMY[stretch].label.toLowerCase()} yet, so this project is a reason to pick one.`,
    );
  }
  return parts.join(' ');
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A focus text pulls up the archetypes, categories and tools it names. */
function focusBonus(focus: string | null, archetype: Archetype, tools: Classified[]): number {
  if (!focus) return 0;
  let bonus = 0;
  if (archetype.focus.some((word) => hasPhrase(focus, word))) bonus += 10;
  for (const key of [...archetype.needs, ...archetype.extras]) {
    const { label, words } = TAXONOMY[key];
    if (hasPhrase(focus, label.toLowerCase()) || words.some((word) => hasPhrase(focus, word))) bonus += 3;
  }
  for (const tool of tools) {
    if (hasPhrase(focus, tool.name.toLowerCase()) || hasPhrase(focus, tool.slug)) bonus += 6;
  }
  return bonus;
}

export function toolSetKey(ids: string[]): string {
  return [...ids].sort().join(',');
}

/** Titles compare without case, punctuation or spacing. */
export function titleKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
