// The Netscape bookmarks file: what every browser, Raindrop, Karakeep, Pinboard and linkding export and
// import. Read with htmlparser2's streaming parser (no DOM, nothing fetched or run): <H3> names a folder, the
// <DL> after it holds the folder's entries, <A HREF> is a bookmark, <DD> after it its description.
import { Parser } from 'htmlparser2';

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

/** Bounds the work a hostile file can cause. */
const MAX_TEXT = 10_000;
const MAX_DEPTH = 64;

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

function epoch(value: string | undefined): Date | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const date = new Date(Number(value) * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Every bookmark of the file, in document order. Not a bookmarks file: an empty list. */
export function parseBookmarksFile(html: string): Bookmark[] {
  const bookmarks: Bookmark[] = [];
  // One entry per open <DL>: the folder it belongs to (null: a root container or the top level).
  const stack: (string | null)[] = [];
  let heading: { text: string; root: boolean } | null = null;
  let pendingFolder: string | null | undefined;
  let anchor: { href: string; attributes: Record<string, string>; text: string } | null = null;
  let description: { bookmark: Bookmark; text: string } | null = null;

  const folders = () => stack.filter((name): name is string => name !== null);
  const closeDescription = () => {
    if (description) {
      const text = squash(description.text);
      description.bookmark.description = text ? text : null;
      description = null;
    }
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'h3') {
          closeDescription();
          heading = {
            text: '',
            root: ROOT_FOLDER_ATTRIBUTES.some((attribute) => attribute in attributes),
          };
        } else if (name === 'dl') {
          closeDescription();
          if (stack.length < MAX_DEPTH) stack.push(pendingFolder ?? null);
          else stack.push(null);
          pendingFolder = undefined;
        } else if (name === 'a') {
          closeDescription();
          anchor = { href: attributes.href ?? '', attributes, text: '' };
        } else if (name === 'dd') {
          const last = bookmarks.at(-1);
          description = last && last.description === null ? { bookmark: last, text: '' } : null;
        } else if (name === 'dt') {
          closeDescription();
        }
      },
      ontext(text) {
        if (heading && heading.text.length < MAX_TEXT) heading.text += text;
        else if (anchor && anchor.text.length < MAX_TEXT) anchor.text += text;
        else if (description && description.text.length < MAX_TEXT) description.text += text;
      },
      onclosetag(name) {
        if (name === 'h3' && heading) {
          const text = squash(heading.text);
          pendingFolder = heading.root || ROOT_FOLDER_NAMES.has(text.toLowerCase()) || !text ? null : text;
          heading = null;
        } else if (name === 'dl') {
          closeDescription();
          stack.pop();
        } else if (name === 'a' && anchor) {
          const tags = (anchor.attributes.tags ?? '')
            .split(',')
            .map((tag) => squash(tag))
            .filter(Boolean);
          bookmarks.push({
            url: anchor.href.trim(),
            title: squash(anchor.text),
            description: null,
            folders: folders(),
            tags,
            addDate: epoch(anchor.attributes.add_date),
          });
          anchor = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
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
