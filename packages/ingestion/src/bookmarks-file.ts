// The Netscape bookmarks file: what every browser, Raindrop, Karakeep, Pinboard and linkding export and
// import. Read with htmlparser2's tokenizer alone (no DOM, nothing fetched or run): <H3> names a folder, the
// <DL> after it holds the folder's entries, <A HREF> is a bookmark, <DD> after it its description.
// htmlparser2's Parser keeps every unclosed element on an array it shifts at the front, which makes a file of
// nested folders quadratic (100,000 levels: minutes); the tokenizer is linear, and the few elements this format
// has are tracked here, so a file of any shape is read in one pass.
import { Tokenizer } from 'htmlparser2';

export interface Bookmark {
  url: string;
  title: string;
  description: string | null;
  /** The folders it sits in, outermost first (browser root folders such as the toolbar left out). */
  folders: string[];
  /** The TAGS attribute (Firefox, linkding, Karakeep, Pinboard), comma-separated. */
  tags: string[];
  addDate: Date | null;
}

/**
 * A bookmark as an import carries it: URL, title, description, tags (its folders, then its TAGS), add date
 * (epoch ms, 0 for none). The bookmark import job's payload holds these.
 */
export type CompactBookmark = [string, string, string | null, string[], number];

export function compactBookmark(bookmark: Bookmark): CompactBookmark {
  return [
    bookmark.url,
    bookmark.title,
    bookmark.description,
    [...bookmark.folders, ...bookmark.tags],
    bookmark.addDate?.getTime() ?? 0,
  ];
}

// The root containers browsers export: the folder says where a bookmark is shown, not what it is about.
const ROOT_FOLDER_ATTRIBUTES = ['personal_toolbar_folder', 'unfiled_bookmarks_folder'];
const ROOT_FOLDER_NAMES = new Set([
  'bookmarks bar',
  'bookmarks toolbar',
  'bookmarks menu',
  'other bookmarks',
  'mobile bookmarks',
  'favorites bar',
]);

/** Every value (URL, title, description, folder name, the TAGS attribute) is cut to this many characters. */
export const BOOKMARK_VALUE_MAX = 10_000;
/** Folders nested deeper than this: the file is refused (browsers nest a few levels; this is no export). */
export const BOOKMARKS_MAX_DEPTH = 100;
/** More bookmarks than this in one file: refused, to be split (the import job carries them all). */
export const BOOKMARKS_MAX_ENTRIES = 100_000;

/** A file refused for its shape; `code` says which limit it passed. */
export class BookmarksFileError extends Error {
  readonly code: 'too_deep' | 'too_many';
  constructor(code: 'too_deep' | 'too_many') {
    super(
      code === 'too_deep'
        ? `The bookmarks file nests folders more than ${BOOKMARKS_MAX_DEPTH} levels deep, which no browser export does. Check that it is a bookmarks export.`
        : `The bookmarks file holds more than ${BOOKMARKS_MAX_ENTRIES.toLocaleString('en-US')} bookmarks. Split it into smaller files and import them one by one.`,
    );
    this.name = 'BookmarksFileError';
    this.code = code;
  }
}

// Raw text is gathered up to twice the cap, so runs of whitespace squashed away still leave a full value.
const RAW_MAX = 2 * BOOKMARK_VALUE_MAX;
// The tags this format uses; any other name is skipped without being sliced out of the file.
const KNOWN_TAG_MAX = 2;

/** Cuts a value to `max` characters without splitting a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** PostgreSQL text cannot hold NUL: it is dropped from names, titles and descriptions. */
const squash = (text: string) =>
  clip(text.replace(/\0/g, '').replace(/\s+/g, ' ').trim(), BOOKMARK_VALUE_MAX);

/**
 * A NUL in a URL is percent-encoded, as the URL standard does in a path or query (the same address a browser
 * opens); in a host name it leaves an invalid URL, skipped as such.
 */
const cleanUrl = (url: string) => clip(url.replace(/\0/g, '%00').trim(), BOOKMARK_VALUE_MAX);

function epoch(value: string | undefined): Date | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const date = new Date(Number(value) * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Every bookmark of the file, in document order. Not a bookmarks file: an empty list. Throws
 * BookmarksFileError for folders nested deeper than BOOKMARKS_MAX_DEPTH or more than BOOKMARKS_MAX_ENTRIES
 * bookmarks. Linear in the file's length whatever its shape.
 */
export function parseBookmarksFile(html: string): Bookmark[] {
  const bookmarks: Bookmark[] = [];
  // One entry per open <DL>: the folder it belongs to (null: a root container or the top level).
  const stack: (string | null)[] = [];
  // The named folders of `stack`, kept alongside so a bookmark copies them without scanning the stack.
  const folders: string[] = [];
  let heading: { text: string; root: boolean } | null = null;
  let pendingFolder: string | null = null;
  let anchor: { attributes: Record<string, string>; text: string } | null = null;
  let description: { bookmark: Bookmark; text: string } | null = null;

  // The tag being read: its name (lower-cased, '' for one this format does not use) and attributes.
  let tagName = '';
  let attributes: Record<string, string> = {};
  let attributeName = '';
  let attributeValue = '';

  const closeDescription = () => {
    if (description) {
      const text = squash(description.text);
      description.bookmark.description = text ? text : null;
      description = null;
    }
  };
  const closeHeading = () => {
    if (!heading) return;
    const text = squash(heading.text);
    pendingFolder = heading.root || ROOT_FOLDER_NAMES.has(text.toLowerCase()) || !text ? null : text;
    heading = null;
  };
  const closeAnchor = () => {
    if (!anchor) return;
    if (bookmarks.length >= BOOKMARKS_MAX_ENTRIES) throw new BookmarksFileError('too_many');
    const tags = clip(anchor.attributes.tags ?? '', BOOKMARK_VALUE_MAX)
      .split(',')
      .map((tag) => squash(tag))
      .filter(Boolean);
    bookmarks.push({
      url: cleanUrl(anchor.attributes.href ?? ''),
      title: squash(anchor.text),
      description: null,
      folders: [...folders],
      tags,
      addDate: epoch(anchor.attributes.add_date),
    });
    anchor = null;
  };
  const addText = (text: string) => {
    const target = heading ?? anchor ?? description;
    if (target && target.text.length < RAW_MAX) target.text += text.slice(0, RAW_MAX - target.text.length);
  };

  const openTag = (name: string, attrs: Record<string, string>) => {
    if (name === 'h3') {
      closeDescription();
      closeAnchor();
      heading = { text: '', root: ROOT_FOLDER_ATTRIBUTES.some((attribute) => attribute in attrs) };
    } else if (name === 'dl') {
      closeDescription();
      closeAnchor();
      closeHeading();
      if (stack.length >= BOOKMARKS_MAX_DEPTH) throw new BookmarksFileError('too_deep');
      stack.push(pendingFolder);
      if (pendingFolder !== null) folders.push(pendingFolder);
      pendingFolder = null;
    } else if (name === 'a') {
      closeDescription();
      closeAnchor();
      anchor = { attributes: attrs, text: '' };
    } else if (name === 'dd') {
      closeAnchor();
      const last = bookmarks.at(-1);
      description = last && last.description === null ? { bookmark: last, text: '' } : null;
    } else if (name === 'dt') {
      closeDescription();
      closeAnchor();
    }
  };
  const closeTag = (name: string) => {
    if (name === 'h3') closeHeading();
    else if (name === 'a') closeAnchor();
    else if (name === 'dl') {
      closeDescription();
      closeAnchor();
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
      },
      onattribdata(start, end) {
        if (attributeName && attributeValue.length < RAW_MAX) {
          attributeValue += html.slice(start, Math.min(end, start + RAW_MAX - attributeValue.length));
        }
      },
      onattribentity(codepoint) {
        if (attributeName && attributeValue.length < RAW_MAX)
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
      ondeclaration() {},
      onprocessinginstruction() {},
      onend() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  closeHeading();
  closeAnchor();
  closeDescription();
  return bookmarks;
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
 * A Netscape bookmarks file of these bookmarks, flat, their tags in the TAGS attribute (commas inside a tag
 * name become spaces, as the attribute separates tags with them). Everything is escaped; a title falls back
 * to the URL.
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
    const tags = bookmark.tags.map((tag) => squash(tag.replace(/,/g, ' '))).filter(Boolean);
    const addDate = Math.floor(bookmark.addDate.getTime() / 1000);
    const attributes = [
      `HREF="${escapeAttribute(bookmark.url)}"`,
      `ADD_DATE="${addDate}"`,
      ...(tags.length > 0 ? [`TAGS="${escapeAttribute(tags.join(','))}"`] : []),
    ].join(' ');
    lines.push(`    <DT><A ${attributes}>${escapeText(squash(bookmark.title ?? '') || bookmark.url)}</A>`);
    if (bookmark.description) lines.push(`    <DD>${escapeText(squash(bookmark.description))}`);
  }
  lines.push('</DL><p>', '');
  return lines.join('\n');
}
