// Reads a Netscape bookmarks file (bookmarks-file.ts) with htmlparser2's tokenizer alone (no DOM, nothing
// fetched or run): <H3> names a folder, the <DL> after it holds the folder's entries, <A HREF> is a bookmark,
// <DD> after it its description. htmlparser2's Parser keeps every unclosed element on an array it shifts at
// the front, which makes a file of nested folders quadratic (100,000 levels: minutes); the tokenizer is
// linear, and the few elements this format has are tracked here, so a file of any shape is read in one pass.
import { Tokenizer } from 'htmlparser2';
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
} from './bookmark-values.ts';
import {
  BOOKMARKS_MAX_DEPTH,
  BOOKMARKS_MAX_ENTRIES,
  BookmarksFileError,
  type Bookmark,
  type BookmarksFileContent,
  type BookmarksFileOptions,
  type SkippedFileBookmark,
} from './bookmarks-file.ts';
import { decodeHtml } from './charset.ts';

// The root containers browsers mark as such; the others are known by name (bookmark-values.ts).
const ROOT_FOLDER_ATTRIBUTES = ['personal_toolbar_folder', 'unfiled_bookmarks_folder'];
/** Safari marks its Reading List by this id, whatever the language names it. */
const SAFARI_READING_LIST_ID = 'com.apple.readinglist';

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
