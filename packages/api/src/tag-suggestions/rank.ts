import { slugify } from '@stackyard/contracts/slug';
import {
  TAG_SUGGESTION_SOURCES,
  TAG_SUGGESTIONS_MAX,
  type TagSuggestion,
  type TagSuggestionSource,
} from '@stackyard/contracts/tag-suggestion';
import { hasPhrase, normalizeText, PHRASE_INDEX, phrasesOf } from '../suggestions/taxonomy.ts';

// The ranking of tag suggestions, a pure function of what is known about an item. A workspace tag is always
// preferred to a new name (a tag the workspace already uses keeps its collection consistent), then the
// repository's topics, the packages' keywords, the taxonomy's categories and last the model's ideas. Names
// are compared by their slug, so "Machine Learning" and "machine-learning" are one tag.

export interface RankInput {
  /** The item's own name: a tag repeating it says nothing, so none is suggested. */
  name: string | null;
  /** What the item says about itself: its description, its readable copy's title. */
  texts: readonly (string | null)[];
  workspaceTags: readonly { id: string; name: string }[];
  /** Tags already on the item: never suggested again. */
  attachedTagIds: readonly string[];
  topics: readonly string[];
  keywords: readonly string[];
  /** The model's proposals, unchecked. */
  modelTags?: readonly string[];
}

/** A tag name anyone may propose: the length a tag allows, starting with a letter or digit. */
const TAG_NAME = /^[\p{L}\p{N}][\p{L}\p{N} .+#/_-]{0,49}$/u;

const keyOf = (name: string) => slugify(name, '');

const rankOf = (source: TagSuggestionSource) => TAG_SUGGESTION_SOURCES.indexOf(source);

interface Candidate {
  name: string;
  /** Every source that proposed it: more of them, the stronger the suggestion. */
  sources: Set<TagSuggestionSource>;
}

/** The categories of the taxonomy the texts name (a tool's name or a category's words). */
function taxonomyTags(texts: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const text of texts)
    for (const phrase of phrasesOf(text))
      for (const entry of PHRASE_INDEX.get(phrase) ?? []) keys.add(entry.key);
  return [...keys];
}

export function rankTagSuggestions(input: RankInput): TagSuggestion[] {
  const texts = [input.name, ...input.texts].filter((text): text is string => Boolean(text));
  const proposed: Array<[TagSuggestionSource, readonly string[]]> = [
    ['topic', input.topics],
    ['keyword', input.keywords],
    ['taxonomy', taxonomyTags([...texts, ...input.topics, ...input.keywords])],
    ['model', input.modelTags ?? []],
  ];
  const candidates = new Map<string, Candidate>();
  for (const [source, names] of proposed) {
    for (const raw of names) {
      const name = raw.trim().toLowerCase();
      const key = keyOf(name);
      if (!TAG_NAME.test(name) || !key) continue;
      const candidate = candidates.get(key) ?? { name, sources: new Set() };
      candidate.sources.add(source);
      candidates.set(key, candidate);
    }
  }

  const own = input.name ? keyOf(input.name) : '';
  const attached = new Set(input.attachedTagIds);
  const normalized = texts.map(normalizeText);
  const existing: Array<TagSuggestion & { strength: number }> = [];
  const taken = new Set<string>([own]);
  for (const tag of input.workspaceTags) {
    const key = keyOf(tag.name);
    taken.add(key);
    if (attached.has(tag.id) || key === own) continue;
    const phrase = tag.name.trim().toLowerCase();
    const inText = normalized.some(
      (text) => hasPhrase(text, phrase) || hasPhrase(text, phrase.replaceAll('-', ' ')),
    );
    const strength = (inText ? 1 : 0) + (candidates.get(key)?.sources.size ?? 0);
    if (strength > 0) existing.push({ tag_name: tag.name, source: 'existing_tag', tag_id: tag.id, strength });
  }
  existing.sort(
    (a, b) => b.strength - a.strength || a.tag_name.toLowerCase().localeCompare(b.tag_name.toLowerCase()),
  );

  const fresh = [...candidates.entries()]
    .filter(([key]) => !taken.has(key))
    .map(([, candidate]) => ({
      tag_name: candidate.name,
      source: [...candidate.sources].sort((a, b) => rankOf(a) - rankOf(b))[0] ?? 'model',
      tag_id: null,
      strength: candidate.sources.size,
    }))
    .sort(
      (a, b) =>
        rankOf(a.source) - rankOf(b.source) ||
        b.strength - a.strength ||
        a.tag_name.localeCompare(b.tag_name),
    );

  return [...existing, ...fresh]
    .slice(0, TAG_SUGGESTIONS_MAX)
    .map(({ tag_name, source, tag_id }) => ({ tag_name, source, tag_id }));
}
