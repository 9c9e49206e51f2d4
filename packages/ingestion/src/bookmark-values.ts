// The values of a bookmarks file as the parser and the writer agree on them: text cut and cleaned, descriptions
// with their line breaks (those of a URL filed twice joined), the TAGS attribute (with quoted tags, so a tag
// holding a comma survives the trip out and back), dates in seconds, milliseconds or microseconds, and the root
// folders no one means as a topic.
import { normalizeUrl } from './fingerprint.ts';

/** Every value (URL, title, description, folder name, one tag) is cut to this many characters. */
export const BOOKMARK_VALUE_MAX = 10_000;
/**
 * The TAGS attribute as a whole: one bookmark may carry thousands of tags (odd but legal, and imported), so it has
 * a cap of its own, cut after the last whole tag that fits.
 */
export const BOOKMARK_TAGS_MAX = 1_000_000;

/** Cuts a value to `max` characters without splitting a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** One line of text: runs of whitespace become one space. PostgreSQL text cannot hold NUL: it is dropped. */
export const squash = (text: string) =>
  clip(text.replace(/\0/g, '').replace(/\s+/g, ' ').trim(), BOOKMARK_VALUE_MAX);

/**
 * A description keeps its line breaks (people write lists and paragraphs in them): each line is squashed, and
 * more than one empty line in a row becomes one.
 */
export function squashLines(text: string): string {
  const lines = text
    .replace(/\0/g, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim());
  return clip(
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    BOOKMARK_VALUE_MAX,
  );
}

/**
 * The TAGS attribute, comma-separated. A tag in double quotes may hold commas (`"a, b",c`; a quote inside is
 * doubled), which is how writeBookmarksFile writes such a tag; an unclosed quote is read as plain text.
 */
export function readTags(attribute: string): string[] {
  const lastComma = attribute.length > BOOKMARK_TAGS_MAX ? attribute.lastIndexOf(',', BOOKMARK_TAGS_MAX) : -1;
  const text = lastComma > 0 ? attribute.slice(0, lastComma) : clip(attribute, BOOKMARK_TAGS_MAX);
  const tags: string[] = [];
  // Sticky, and bounded: each attempt reads at most one tag's length, so the attribute is read in linear time.
  const quoted = /[ \t]*"((?:[^"]|""){0,500})"[ \t]*(,|$)/y;
  let index = 0;
  for (;;) {
    quoted.lastIndex = index;
    const first = text[index];
    const match = first === '"' || first === ' ' || first === '\t' ? quoted.exec(text) : null;
    if (match?.[1] !== undefined) {
      tags.push(match[1].replace(/""/g, '"'));
      if (match[2] !== ',') break;
      index = quoted.lastIndex;
      continue;
    }
    const comma = text.indexOf(',', index);
    tags.push(text.slice(index, comma === -1 ? text.length : comma));
    if (comma === -1) break;
    index = comma + 1;
  }
  return tags.map(squash).filter(Boolean);
}

/** The TAGS attribute's value for these tags; see readTags. */
export function writeTags(tags: string[]): string {
  return tags
    .map(squash)
    .filter(Boolean)
    .map((tag) => (tag.includes(',') || tag.startsWith('"') ? `"${tag.replace(/"/g, '""')}"` : tag))
    .join(',');
}

type Described = { url: string; description: string | null };

/**
 * The first entry of each URL filed more than once carries the distinct descriptions of all, in file order,
 * joined by an empty line. Linear: descriptions stop being gathered once they fill a value.
 */
export function joinDuplicateDescriptions(bookmarks: Described[]): void {
  const byUrl = new Map<string, { bookmark: Described; descriptions: Set<string>; length: number }>();
  for (const bookmark of bookmarks) {
    const normalized = normalizeUrl(bookmark.url);
    const key = normalized.ok ? normalized.value : bookmark.url;
    const { description } = bookmark;
    const entry = byUrl.get(key);
    if (!entry) {
      byUrl.set(key, {
        bookmark,
        descriptions: new Set(description ? [description] : []),
        length: description?.length ?? 0,
      });
    } else if (description && entry.length < BOOKMARK_VALUE_MAX && !entry.descriptions.has(description)) {
      entry.descriptions.add(description);
      entry.length += description.length + 2;
    }
  }
  for (const { bookmark, descriptions } of byUrl.values()) {
    if (descriptions.size > 1)
      bookmark.description = clip([...descriptions].join('\n\n'), BOOKMARK_VALUE_MAX);
  }
}

// Browsers write seconds; Google Bookmarks and some Chromium builds milliseconds or microseconds. 10^11 seconds
// is the year 5138 and 10^14 milliseconds the year 5138 too, so the magnitude tells the unit.
const SECONDS_BELOW = 1e11;
const MILLISECONDS_BELOW = 1e14;

/** ADD_DATE as a date, whatever its unit; null for none, 0 or anything not a plain number. */
export function addDate(value: string | undefined): Date | null {
  const text = value?.trim();
  if (!text || !/^\d{1,17}$/.test(text)) return null;
  const number = Number(text);
  if (number === 0) return null;
  const ms = number < SECONDS_BELOW ? number * 1000 : number < MILLISECONDS_BELOW ? number : number / 1000;
  const date = new Date(Math.floor(ms));
  return Number.isNaN(date.getTime()) ? null : date;
}

// The root containers browsers export, in the languages they ship: the folder says where a bookmark is shown,
// not what it is about. Safari names its toolbar "Favorites" (localised); Edge and IE call bookmarks favorites
// and IE's toolbar "Links".
const ROOT_FOLDER_NAMES = new Set(
  [
    // English
    'bookmarks',
    'bookmarks bar',
    'bookmarks toolbar',
    'bookmarks menu',
    'other bookmarks',
    'mobile bookmarks',
    'favorites',
    'favourites',
    'favorites bar',
    'favourites bar',
    'other favorites',
    'mobile favorites',
    'bookmarksbar',
    'bookmarksmenu',
    // Safari's Reading List and Internet Explorer's Links (its toolbar)
    'reading list',
    'links',
    // German
    'lesezeichen',
    'lesezeichen-symbolleiste',
    'lesezeichenleiste',
    'lesezeichen-menü',
    'weitere lesezeichen',
    'andere lesezeichen',
    'mobile lesezeichen',
    'favoriten',
    'favoritenleiste',
    // French
    'marque-pages',
    'barre personnelle',
    'barre des favoris',
    'barre de favoris',
    'menu des marque-pages',
    'barre des marque-pages',
    'autres marque-pages',
    'autres favoris',
    'marque-pages mobiles',
    'favoris mobiles',
    'favoris',
    // Spanish and Portuguese
    'marcadores',
    'barra de marcadores',
    'menú de marcadores',
    'otros marcadores',
    'marcadores móviles',
    'barra de favoritos',
    'otros favoritos',
    'outros favoritos',
    'outros marcadores',
    'favoritos',
    // Italian
    'segnalibri',
    'barra dei segnalibri',
    'menu dei segnalibri',
    'altri segnalibri',
    'barra dei preferiti',
    'altri preferiti',
    'preferiti',
    // Dutch
    'bladwijzerbalk',
    'bladwijzermenu',
    'andere bladwijzers',
    'favorieten',
    'favorietenbalk',
    // Russian, Polish
    'панель закладок',
    'меню закладок',
    'другие закладки',
    'избранное',
    'pasek zakładek',
    'inne zakładki',
    // Chinese, Japanese, Korean
    '书签栏',
    '其他书签',
    '移动设备书签',
    '書籤列',
    '其他書籤',
    'ブックマーク バー',
    'ブックマークバー',
    'その他のブックマーク',
    'お気に入り',
    '북마크바',
    '기타 북마크',
  ].map((name) => name.normalize('NFC')),
);

/** Whether a top-level folder of this name is a browser's root container. */
export const isRootFolderName = (name: string) => ROOT_FOLDER_NAMES.has(name.normalize('NFC').toLowerCase());
