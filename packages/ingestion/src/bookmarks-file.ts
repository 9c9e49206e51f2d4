// The Netscape bookmarks file: what every browser, Raindrop, Karakeep, Pinboard and linkding export and
// import. Read with htmlparser2's tokenizer alone (no DOM, nothing fetched or run): <H3> names a folder, the
// <DL> after it holds the folder's entries, <A HREF> is a bookmark, <DD> after it its description.
// htmlparser2's Parser keeps every unclosed element on an array it shifts at the front, which makes a file of
// nested folders quadratic (100,000 levels: minutes); the tokenizer is linear, and the few elements this format
// has are tracked here, so a file of any shape is read in one pass.
import { Tokenizer } from 'htmlparser2';
import { groupThousands } from '@stackyard/contracts/numbers';
import {
  addDate,
  BOOKMARK_TAGS_MAX,
  BOOKMARK_VALUE_MAX,
  clip,
  isRootFolderName,
  joinDuplicateDescriptions,
  readTags,
  squash,
  squashLines,
  writeTags,
} from './bookmark-values.ts';
import { decodeHtml } from './charset.ts';
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

// The root containers browsers mark as such; the others are known by name (bookmark-values.ts).
const ROOT_FOLDER_ATTRIBUTES = ['personal_toolbar_folder', 'unfiled_bookmarks_folder'];
/** Safari marks its Reading List by this id, whatever the language names it. */
const SAFARI_READING_LIST_ID = 'com.apple.readinglist';

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

// Raw text is gathered up to twice the cap, so runs of whitespace squashed away still leave a full value.
const RAW_MAX = 2 * BOOKMARK_VALUE_MAX;
// The tags this format uses (a, dd, dl, dt, h3, br); any other name is skipped without being sliced out.
const KNOWN_TAG_MAX = 2;

/**
 * A NUL in a URL is percent-encoded, as the URL standard does in a path or query (the same address a browser
 * opens); in a host name it leaves an invalid URL, skipped as such.
 */
const cleanUrl = (url: string) => clip(url.replace(/\0/g, '%00').trim(), BOOKMARK_VALUE_MAX);

const isPrivate = (attributes: Record<string, string>) =>
  /^(1|true|yes)$/i.test(attributes.private?.trim() ?? '');

/** A file as uploaded: its bytes decoded by its byte order mark or declared charset (`<META … charset=…>`). */
export function decodeBookmarksFile(bytes: Uint8Array): string {
  return decodeHtml(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).html;
}

/** The bookmarks of the file (readBookmarksFile), without the report of skipped ones. */
export function parseBookmarksFile(html: string, options: BookmarksFileOptions = {}): Bookmark[] {
  return readBookmarksFile(html, options).bookmarks;
}

/**
 * Every bookmark of the file, in document order, and the ones left out (private ones unless asked for). A
 * URL filed twice keeps every description: the first entry carries them all, joined (the import keeps the
 * first and counts the others as duplicates).
 * Throws BookmarksFileError for a page that is no bookmarks file (see isBookmarksFile),
 * folders nested deeper than BOOKMARKS_MAX_DEPTH or more than BOOKMARKS_MAX_ENTRIES bookmarks. Linear in the
 * file's length whatever its shape.
 */
export function readBookmarksFile(html: string, options: BookmarksFileOptions = {}): BookmarksFileContent {
  const bookmarks: Bookmark[] = [];
  const skipped: SkippedFileBookmark[] = [];
  // One entry per open <DL>: the folder it belongs to (null: a root container or the top level).
  const stack: (string | null)[] = [];
  // The named folders of `stack`, kept alongside so a bookmark copies them without scanning the stack.
  const folders: string[] = [];
  let netscape = false;
  // An entry of the format's own shape: <DT> then <A HREF ADD_DATE> or <H3 ADD_DATE>, inside a <DL>.
  let sawEntry = false;
  let afterTerm = false;
  let heading: { text: string; root: boolean } | null = null;
  let pendingFolder: string | null = null;
  let anchor: { attributes: Record<string, string>; text: string } | null = null;
  // The entry a <DD> describes: the last bookmark, or a folder (whose text is not kept), or none.
  let lastEntry: Bookmark | 'folder' | null = null;
  let description: { bookmark: Bookmark | null; text: string } | null = null;

  // The tag being read: its name (lower-cased, '' for one this format does not use) and attributes.
  let tagName = '';
  let attributes: Record<string, string> = {};
  let attributeName = '';
  let attributeValue = '';
  // Read a little past the cap, so that the tags attribute's cap can tell a whole last tag from a cut one.
  let attributeMax = RAW_MAX;

  const closeDescription = () => {
    if (!description) return;
    const text = squashLines(description.text);
    if (description.bookmark && text) description.bookmark.description = text;
    description = null;
  };
  const closeHeading = () => {
    if (!heading) return;
    const text = squash(heading.text);
    // Only a folder of the file's top list can be a root container; a folder of that name inside is the user's.
    const root = heading.root || (stack.length <= 1 && isRootFolderName(text));
    pendingFolder = root || !text ? null : text;
    heading = null;
  };
  const closeAnchor = () => {
    if (!anchor) return;
    const { attributes: found, text } = anchor;
    anchor = null;
    const bookmark: Bookmark = {
      url: cleanUrl(found.href ?? ''),
      title: squash(text),
      description: squashLines(clip(found.description ?? '', RAW_MAX)) || null,
      folders: [...folders],
      tags: readTags(found.tags ?? ''),
      addDate: addDate(found.add_date),
    };
    if (isPrivate(found) && !options.includePrivate) {
      skipped.push({ url: bookmark.url, title: bookmark.title, reason: 'private' });
      lastEntry = null;
      return;
    }
    if (bookmarks.length >= BOOKMARKS_MAX_ENTRIES) throw new BookmarksFileError('too_many');
    bookmarks.push(bookmark);
    lastEntry = bookmark;
  };
  const addText = (text: string) => {
    const target = heading ?? anchor ?? description;
    if (target && target.text.length < RAW_MAX) target.text += text.slice(0, RAW_MAX - target.text.length);
  };

  const openTag = (name: string, attrs: Record<string, string>) => {
    const entryShape =
      afterTerm &&
      stack.length > 0 &&
      'add_date' in attrs &&
      ((name === 'a' && 'href' in attrs) || name === 'h3');
    if (entryShape) sawEntry = true;
    afterTerm = name === 'dt';
    if (name === 'a' && description) return; // a link inside a description is part of its text
    if (name === 'br') {
      if (description) addText('\n');
    } else if (name === 'h3') {
      closeDescription();
      closeAnchor();
      heading = {
        text: '',
        root:
          ROOT_FOLDER_ATTRIBUTES.some((attribute) => attribute in attrs) ||
          attrs.id?.trim().toLowerCase() === SAFARI_READING_LIST_ID,
      };
      lastEntry = 'folder';
    } else if (name === 'dl') {
      closeDescription();
      closeAnchor();
      closeHeading();
      if (stack.length >= BOOKMARKS_MAX_DEPTH) throw new BookmarksFileError('too_deep');
      stack.push(pendingFolder);
      if (pendingFolder !== null) folders.push(pendingFolder);
      pendingFolder = null;
      lastEntry = null;
    } else if (name === 'a') {
      closeAnchor();
      anchor = { attributes: attrs, text: '' };
    } else if (name === 'dd') {
      closeAnchor();
      closeHeading();
      closeDescription();
      // A bookmark's DESCRIPTION attribute (Scuttle) gives way to the <DD> text.
      const bookmark = lastEntry === 'folder' ? null : lastEntry;
      description = { bookmark, text: '' };
      lastEntry = null;
    } else if (name === 'dt') {
      closeDescription();
      closeAnchor();
    }
  };
  const closeTag = (name: string) => {
    if (name === 'h3') closeHeading();
    else if (name === 'a') {
      if (!description) closeAnchor();
    } else if (name === 'dd') {
      // A bookmark after </DD> without a <DT> of its own is a bookmark, not a link in the description.
      closeDescription();
    } else if (name === 'dl') {
      closeDescription();
      closeAnchor();
      lastEntry = null;
      if (stack.pop()) folders.pop();
    }
  };
  const slice = (start: number, end: number) => html.slice(start, end);
  const nameAt = (start: number, end: number) =>
    end - start <= KNOWN_TAG_MAX ? slice(start, end).toLowerCase() : '';
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        tagName = nameAt(start, end);
        attributes = {};
      },
      onattribname(start, end) {
        // Only <A> and <H3> attributes are read, and those have short names.
        attributeName = tagName && end - start <= 32 ? slice(start, end).toLowerCase() : '';
        attributeValue = '';
        attributeMax = attributeName === 'tags' ? BOOKMARK_TAGS_MAX + 1 : RAW_MAX;
      },
      onattribdata(start, end) {
        if (attributeName && attributeValue.length < attributeMax) {
          attributeValue += html.slice(start, Math.min(end, start + attributeMax - attributeValue.length));
        }
      },
      onattribentity(codepoint) {
        if (attributeName && attributeValue.length < attributeMax)
          attributeValue += String.fromCodePoint(codepoint);
      },
      onattribend() {
        if (attributeName && !Object.hasOwn(attributes, attributeName)) {
          attributes[attributeName] = attributeValue;
        }
        attributeName = '';
        attributeValue = '';
      },
      onopentagend() {
        if (tagName) openTag(tagName, attributes);
      },
      onselfclosingtag() {
        if (tagName) openTag(tagName, attributes);
      },
      onclosetag(start, end) {
        const name = nameAt(start, end);
        if (name) closeTag(name);
      },
      ontext(start, end) {
        if (heading || anchor || description) addText(html.slice(start, Math.min(end, start + RAW_MAX)));
      },
      ontextentity(codepoint) {
        addText(String.fromCodePoint(codepoint));
      },
      oncdata() {},
      oncomment() {},
      ondeclaration(start, end) {
        if (/netscape-bookmark-file/i.test(html.slice(start, Math.min(end, start + 64)))) netscape = true;
      },
      onprocessinginstruction() {},
      onend() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  closeHeading();
  closeAnchor();
  closeDescription();
  // Any page may hold <DL> lists of links (a Wikipedia article does): only the doctype or the entry shape
  // with the ADD_DATE every exporter writes tells a bookmarks file.
  if (!netscape && !sawEntry) throw new BookmarksFileError('not_bookmarks');
  joinDuplicateDescriptions(bookmarks);
  return { bookmarks, skipped };
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
