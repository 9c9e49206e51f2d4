import { readFileSync } from 'node:fs';
import { parseSuggestionData, type Archetype, type Category } from './data-schema.ts';

// The built-in engine's knowledge, read and checked once at start: the taxonomy of developer categories a tool
// can fit (matched against its stack category, tags, topics, name and description) and the project archetypes.

export type { Archetype, Category };
/** A category's key in data/taxonomy.json, e.g. "api". */
export type CategoryKey = string;

const read = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8'));
const data = parseSuggestionData(read('taxonomy.json'), read('archetypes.json'));

export const TAXONOMY: ReadonlyMap<CategoryKey, Category> = new Map(
  data.taxonomy.categories.map((category) => [category.key, category]),
);
export const ARCHETYPES: readonly Archetype[] = data.archetypes;
/** The categories a workspace with too few tools is told to collect first. */
export const COLLECT_FIRST: readonly CategoryKey[] = data.taxonomy.collectFirst;

/** A known category (every key the engine holds comes from the checked data). */
export function categoryOf(key: CategoryKey): Category {
  const category = TAXONOMY.get(key);
  if (!category) throw new Error(`Unknown category "${key}"`);
  return category;
}

export function labelOf(key: CategoryKey): string {
  return categoryOf(key).label;
}

/** Lower-cased text with punctuation other than the characters tool names use turned into spaces. */
export function normalizeText(text: string): string {
  return ` ${text.toLowerCase().replace(/[^a-z0-9.+#/-]+/g, ' ')} `;
}

/** Whether a normalized text (from normalizeText) contains the phrase as whole words. */
export function hasPhrase(normalized: string, phrase: string): boolean {
  return normalized.includes(` ${phrase} `) || normalized.includes(` ${phrase}. `);
}

/** Every name and word of the taxonomy → the categories it points to, and whether it is a tool name. */
export const PHRASE_INDEX = new Map<string, { key: CategoryKey; isName: boolean }[]>();
for (const { key, label, names, words } of TAXONOMY.values()) {
  const add = (phrase: string, isName: boolean) => {
    const entries = PHRASE_INDEX.get(phrase) ?? [];
    entries.push({ key, isName });
    PHRASE_INDEX.set(phrase, entries);
  };
  for (const name of names) add(name, true);
  for (const word of new Set([label.toLowerCase(), ...words])) add(word, false);
}
const MAX_PHRASE_WORDS = Math.max(...[...PHRASE_INDEX.keys()].map((phrase) => phrase.split(' ').length));

/**
 * The taxonomy's phrases in a text, each the longest one starting at its word: "database migrations" counts as
 * itself, not also as "database". What PHRASE_INDEX is looked up with.
 */
export function phrasesOf(text: string): Set<string> {
  const tokens = normalizeText(text)
    .trim()
    .split(/\s+/)
    .map((token) => token.replace(/\.+$/, ''))
    .filter(Boolean);
  const phrases = new Set<string>();
  let start = 0;
  while (start < tokens.length) {
    let longest: { phrase: string; length: number } | null = null;
    let phrase = '';
    for (let length = 1; length <= MAX_PHRASE_WORDS && start + length <= tokens.length; length++) {
      phrase = length === 1 ? (tokens[start] ?? '') : `${phrase} ${tokens[start + length - 1]}`;
      if (PHRASE_INDEX.has(phrase)) longest = { phrase, length };
    }
    if (longest) phrases.add(longest.phrase);
    start += longest?.length ?? 1;
  }
  return phrases;
}
