import type {
  SuggestionDifficulty,
  SuggestionScope,
  SuggestionTool,
  SuggestionsTooFew,
} from '@stackyard/contracts/suggestion';
import type { ToolStance } from '@stackyard/contracts/stack';
import {
  ARCHETYPES,
  categoryOf,
  COLLECT_FIRST,
  hasPhrase,
  labelOf,
  normalizeText,
  PHRASE_INDEX,
  phrasesOf,
  type Archetype,
  type CategoryKey,
} from './taxonomy.ts';

// The built-in suggestion engine: pure and deterministic. It classifies the workspace's tools into
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
  stretch_category?: string;
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

interface Classified extends EngineTool {
  categories: Map<CategoryKey, number>;
  score: number;
}

// What the tool is, weighed per category: its own name most, words of its tags and topics next, then the
// words of its description. Other tools' names among its tags count little: they mostly say what it works with.
const WEIGHT = { name: 3, labelWord: 2, labelName: 1, descriptionWord: 1 };
const MAX_WORD_HITS = 2;
const MIN_FIT = 2;

/**
 * The categories a tool fits, each with how strongly. The team's stack category decides alone when it names one;
 * otherwise only the best-scoring categories of what the tool is, so a side hint never adds a second job.
 */
export function classifyTool(
  tool: Pick<EngineTool, 'name' | 'slug' | 'description' | 'category' | 'labels'>,
): Map<CategoryKey, number> {
  const fromTeam = new Map<CategoryKey, number>();
  for (const [key] of hits(tool.category ?? '')) fromTeam.set(key, 1);
  if (fromTeam.size > 0) return fromTeam;
  const scores = new Map<CategoryKey, number>();
  const add = (key: CategoryKey, points: number) => scores.set(key, (scores.get(key) ?? 0) + points);
  for (const [key, { names }] of hits(`${tool.name} ${tool.slug.replace(/-/g, ' ')} ${tool.slug}`))
    if (names > 0) add(key, WEIGHT.name);
  for (const [key, { names, words }] of hits(tool.labels.join(' , '))) {
    add(key, Math.min(words, MAX_WORD_HITS) * WEIGHT.labelWord + (names > 0 ? WEIGHT.labelName : 0));
  }
  for (const [key, { words }] of hits(tool.description ?? ''))
    add(key, Math.min(words, MAX_WORD_HITS) * WEIGHT.descriptionWord);
  const best = Math.max(MIN_FIT, ...scores.values());
  return new Map([...scores].filter(([, score]) => score === best));
}

/** How many distinct tool names and other phrases of each category a text contains. */
function hits(text: string): Map<CategoryKey, { names: number; words: number }> {
  const counts = new Map<CategoryKey, { names: number; words: number }>();
  for (const phrase of phrasesOf(text)) {
    for (const entry of PHRASE_INDEX.get(phrase) ?? []) {
      const count = counts.get(entry.key) ?? { names: 0, words: 0 };
      if (entry.isName) count.names += 1;
      else count.words += 1;
      counts.set(entry.key, count);
    }
  }
  return counts;
}

/** How much the team wants to use a tool: stance, rating, and saved-but-unused ("try what you saved"). */
export function toolScore(tool: EngineTool): number {
  const stance = tool.stance === 'preferred' ? 3 : 0;
  const rating = tool.rating === null ? 0 : tool.rating - 3;
  const unused = tool.projectCount === 0 ? 1.5 : 0;
  return stance + rating + unused;
}

// Classification depends only on a tool's words, so it is remembered between requests (bounded).
const CLASSIFIED_MAX = 50_000;
const classified = new Map<string, Map<CategoryKey, number>>();

export function classifyRemembered(tool: EngineTool): Map<CategoryKey, number> {
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
        collect_first: COLLECT_FIRST.filter((key) => !have.has(key)).map(labelOf),
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
        projectToolSets.has(toolSetKey(built.suggestion.tools.map((tool) => tool.tool_id)))
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

/** Each category's fitting tools, the one the team wants most first (stance, rating, unused), then the surest. */
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
        b.score - a.score ||
        (b.categories.get(key) ?? 0) - (a.categories.get(key) ?? 0) ||
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
  let chosen = new Map<CategoryKey, Classified>();
  const used = new Set<string>();
  const candidates = (key: CategoryKey) => (byCategory.get(key) ?? []).filter((tool) => !used.has(tool.id));
  const [first] = archetype.needs;
  if (variant === 1) {
    // The variant swaps the first role's tool for the runner-up; without one there is no variant.
    const runnerUp = first === undefined ? undefined : candidates(first)[1];
    if (first === undefined || !runnerUp) return null;
    chosen.set(first, runnerUp);
    used.add(runnerUp.id);
  }
  // The role with the fewest fitting tools picks first, so a tool that fits two roles leaves the scarce one filled.
  const open = archetype.needs
    .filter((key) => !chosen.has(key))
    .map((key, index) => ({ key, index, count: candidates(key).length }))
    .sort((a, b) => a.count - b.count || a.index - b.index);
  const missing: CategoryKey[] = [];
  for (const { key } of open) {
    const pick = candidates(key)[0];
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
  const picked = chosen;
  // The tools are listed in the archetype's order of roles, whichever role picked first.
  chosen = new Map(
    [...archetype.needs, ...archetype.extras].flatMap((key) => {
      const tool = picked.get(key);
      return tool ? [[key, tool] as const] : [];
    }),
  );
  const stretch = missing[0];
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => {
      const tool = chosen.get(key);
      if (tool) return tool.name;
      return `${article(labelOf(key))} ${labelOf(key).toLowerCase()} of your choice`;
    });
  const tools = [...chosen.values()];
  const suggestionTools: SuggestionTool[] = [...chosen.entries()].map(([key, tool]) => ({
    tool_id: tool.id,
    slug: tool.slug,
    name: tool.name,
    role: labelOf(key),
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
      ...(stretch ? { stretch_category: labelOf(stretch) } : {}),
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
    `It combines ${list([...chosen.entries()].map(([key, tool]) => `${tool.name} (${labelOf(key).toLowerCase()})`))} from your collection.`,
  ];
  if (reasons.length > 0) parts.push(`${capitalize(list(reasons))}.`);
  if (stretch) {
    parts.push(
      `Stretch: your collection has no ${labelOf(stretch).toLowerCase()} yet, so this project is a reason to pick one.`,
    );
  }
  return parts.join(' ');
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
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
    const { label, words } = categoryOf(key);
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
