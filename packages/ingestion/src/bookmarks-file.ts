// The Netscape bookmarks file: what every browser, Raindrop, Karakeep, Pinboard and linkding export and
// import. Here its bookmarks' shapes, the limits a file is refused by, and the writer; the reader
// (bookmarks-file-reader.ts, htmlparser2's tokenizer) runs in the import's worker thread, so the server's
// main thread never loads the parser.
import { groupThousands } from '@stackyard/contracts/numbers';
import { squash, squashLines, writeTags } from './bookmark-values.ts';
import { fingerprintUrl } from './fingerprint.ts';

export { BOOKMARK_TAGS_MAX, BOOKMARK_VALUE_MAX } from './bookmark-values.ts';

export interface Bookmark {
  url: string;
  title: string;
  /** The <DD> text after it (line breaks kept), else Scuttle's DESCRIPTION attribute. */
  description: string | null;
  /** The folders it sits in, outermost first (browser root folders such as the toolbar left out). */
  folders: string[];
  /** The TAGS attribute (Firefox, linkding, Karakeep, Pinboard), comma-separated. */
  tags: string[];
  addDate: Date | null;
}

/** A bookmark of the file left out of the import, with why. */
export interface SkippedFileBookmark {
  url: string;
  title: string;
  /** `private`: marked PRIVATE="1" (Pinboard, Delicious, Shaarli, linkding), and private ones were not asked for. */
  reason: 'private';
}

export interface BookmarksFileOptions {
  /** Import bookmarks marked PRIVATE="1" like the others (default: skipped, reason `private`). */
  includePrivate?: boolean;
}

export interface BookmarksFileContent {
  bookmarks: Bookmark[];
  skipped: SkippedFileBookmark[];
}

/**
 * A bookmark as an import carries it: URL, title, description, tags (its folders, then its TAGS), add date
 * (epoch ms, 0 for none). The bookmark import job's payload holds these.
 */
export type CompactBookmark = [string, string, string | null, string[], number];

/** The longest URL the import job accepts; a longer one is skipped as too long. */
export const BOOKMARK_URL_MAX = 2048;

/**
 * The compact form; a bookmark the import will skip for its URL (not http(s), invalid, too long) carries no
 * tags, so its folders do not become tags that tag nothing.
 */
export function compactBookmark(bookmark: Bookmark): CompactBookmark {
  const importable = bookmark.url.length <= BOOKMARK_URL_MAX && fingerprintUrl(bookmark.url).ok;
  return [
    bookmark.url,
    bookmark.title,
    bookmark.description,
    importable ? [...bookmark.folders, ...bookmark.tags] : [],
    bookmark.addDate?.getTime() ?? 0,
  ];
}

/** Folders nested deeper than this: the file is refused (browsers nest a few levels; this is no export). */
export const BOOKMARKS_MAX_DEPTH = 100;
/** More bookmarks than this in one file: refused, to be split (the import job carries them all). */
export const BOOKMARKS_MAX_ENTRIES = 100_000;

const REFUSALS = {
  too_deep: `The bookmarks file nests folders more than ${BOOKMARKS_MAX_DEPTH} levels deep, which no browser export does. Check that it is a bookmarks export.`,
  too_many: `The bookmarks file holds more than ${groupThousands(BOOKMARKS_MAX_ENTRIES)} bookmarks. Split it into smaller files and import them one by one.`,
  not_bookmarks:
    'This file is not a bookmarks file. A bookmarks file is the HTML file a browser\'s bookmark manager exports (Chrome, Firefox, Safari and Edge all have "Export bookmarks"), as do Raindrop, Karakeep, Pinboard and linkding: it starts with <!DOCTYPE NETSCAPE-Bookmark-file-1>. A web page saved from the browser is not one, even when it is a list of links. Export your bookmarks and import that file.',
} as const;

/** A file refused for its shape; `code` says which limit it passed, or that it is no bookmarks file. */
export class BookmarksFileError extends Error {
  readonly code: keyof typeof REFUSALS;
  constructor(code: keyof typeof REFUSALS) {
    super(REFUSALS[code]);
    this.name = 'BookmarksFileError';
    this.code = code;
  }
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

export interface ExportedBookmark {
  url: string;
  title: string | null;
  description: string | null;
  tags: string[];
  addDate: Date;
}

/**
 * A Netscape bookmarks file of these bookmarks, flat, their tags in the TAGS attribute (a tag holding a comma
 * in double quotes, as readTags reads it). Everything is escaped; an untitled bookmark keeps an empty title
 * (a reader shows the URL, and reading it back leaves it untitled); descriptions keep their line breaks.
 */
export function writeBookmarksFile(bookmarks: Iterable<ExportedBookmark>, title = 'Bookmarks'): string {
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<!-- This is an automatically generated file.',
    '     It will be read and overwritten.',
    '     DO NOT EDIT! -->',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    `<TITLE>${escapeText(title)}</TITLE>`,
    `<H1>${escapeText(title)}</H1>`,
    '<DL><p>',
  ];
  for (const bookmark of bookmarks) {
    const tags = writeTags(bookmark.tags);
    const added = Math.floor(bookmark.addDate.getTime() / 1000);
    const attributes = [
      `HREF="${escapeAttribute(bookmark.url)}"`,
      `ADD_DATE="${added}"`,
      ...(tags ? [`TAGS="${escapeAttribute(tags)}"`] : []),
    ].join(' ');
    lines.push(`    <DT><A ${attributes}>${escapeText(squash(bookmark.title ?? ''))}</A>`);
    const description = squashLines(bookmark.description ?? '');
    if (description) lines.push(`    <DD>${escapeText(description)}`);
  }
  lines.push('</DL><p>', '');
  return lines.join('\n');
}
