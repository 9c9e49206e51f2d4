import { describe, expect, it } from 'vitest';
import {
  BOOKMARK_TAGS_MAX,
  BOOKMARK_VALUE_MAX,
  BOOKMARKS_MAX_DEPTH,
  BOOKMARKS_MAX_ENTRIES,
  BookmarksFileError,
  writeBookmarksFile,
} from './bookmarks-file.ts';
import { parseBookmarksFile } from './bookmarks-file-reader.ts';

// The doctype every exporter writes first: what makes the hostile shapes below bookmarks files at all.
const DOCTYPE = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n';

describe('parseBookmarksFile', () => {
  it('reads a Firefox export: menu and unfiled roots left out, TAGS, descriptions, add dates', () => {
    const file = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
    <DT><H3 ADD_DATE="1" LAST_MODIFIED="2">Bookmarks Menu</H3>
    <DL><p>
        <DT><H3>Docs</H3>
        <DL><p>
            <DT><A HREF="https://developer.mozilla.org/" ADD_DATE="1650000000" TAGS="web,reference">MDN</A>
            <DD>The web's docs
        </DL><p>
    </DL><p>
    <DT><H3 UNFILED_BOOKMARKS_FOLDER="true">Other Bookmarks</H3>
    <DL><p>
        <DT><A HREF="https://example.com/?a=1&amp;b=2">Q &amp; A</A>
    </DL><p>
</DL>`;
    expect(parseBookmarksFile(file)).toEqual([
      {
        url: 'https://developer.mozilla.org/',
        title: 'MDN',
        description: "The web's docs",
        folders: ['Docs'],
        tags: ['web', 'reference'],
        addDate: new Date(1_650_000_000_000),
      },
      {
        url: 'https://example.com/?a=1&b=2',
        title: 'Q & A',
        description: null,
        folders: [],
        tags: [],
        addDate: null,
      },
    ]);
  });

  it('refuses a page that is not a bookmarks file', () => {
    expect(() => parseBookmarksFile('<html><body><p>hello</p></body></html>')).toThrow(
      new BookmarksFileError('not_bookmarks'),
    );
  });

  it('copes with unclosed lists up to 100 levels, and refuses deeper nesting', () => {
    const deep = (levels: number) =>
      DOCTYPE + '<DL><p><DT><H3>f</H3>'.repeat(levels) + '<DT><A HREF="https://deep.example/">Deep</A>';
    const [bookmark] = parseBookmarksFile(deep(BOOKMARKS_MAX_DEPTH));
    expect(bookmark?.url).toBe('https://deep.example/');
    expect(bookmark?.folders).toHaveLength(BOOKMARKS_MAX_DEPTH - 1);
    expect(() => parseBookmarksFile(deep(BOOKMARKS_MAX_DEPTH + 1))).toThrow(
      new BookmarksFileError('too_deep'),
    );
  });

  // The shapes that made htmlparser2's Parser quadratic (its open-element array grows by one per unclosed
  // tag): 100,000 nested folders took ~106 s. Read in one linear pass, they end (or are refused) at once.
  it('reads 100,000 nested folders, and 20 MB of unclosed tags, in one pass', () => {
    expect(() => parseBookmarksFile(DOCTYPE + '<DT><H3>x</H3><DL><p>'.repeat(100_000))).toThrow(
      new BookmarksFileError('too_deep'),
    );
    const unclosed =
      DOCTYPE + '<DL><p>' + '<DT><p>'.repeat(500_000) + '<DT><A HREF="https://a.example/">A</A>';
    expect(parseBookmarksFile(unclosed).map((bookmark) => bookmark.url)).toEqual(['https://a.example/']);
  });

  it('refuses more than 100,000 bookmarks in one file', () => {
    const entry = '<DT><A HREF="https://a.example/">A</A>\n';
    expect(parseBookmarksFile(`${DOCTYPE}<DL><p>${entry.repeat(BOOKMARKS_MAX_ENTRIES)}`)).toHaveLength(
      BOOKMARKS_MAX_ENTRIES,
    );
    expect(() => parseBookmarksFile(`${DOCTYPE}<DL><p>${entry.repeat(BOOKMARKS_MAX_ENTRIES + 1)}`)).toThrow(
      new BookmarksFileError('too_many'),
    );
  });

  it('cuts every value on its whole length, however the text arrives', () => {
    const long = 'x'.repeat(5 * 1024 * 1024);
    // One 5 MB text chunk, a title split by entities, a 5 MB URL, description and TAGS attribute.
    const file = `${DOCTYPE}<DL><p><DT><H3>${long}</H3><DL><p>
      <DT><A HREF="https://a.example/${long}" TAGS="${'t,'.repeat(1_000_000)}">${long}</A><DD>${long}
      <DT><A HREF="https://b.example/">${'ab&amp;'.repeat(1_000_000)}</A>
    </DL><p></DL>`;
    const [first, second] = parseBookmarksFile(file);
    expect(first?.title).toHaveLength(BOOKMARK_VALUE_MAX);
    expect(first?.url).toHaveLength(BOOKMARK_VALUE_MAX);
    expect(first?.description).toHaveLength(BOOKMARK_VALUE_MAX);
    expect(first?.folders.map((folder) => folder.length)).toEqual([BOOKMARK_VALUE_MAX]);
    expect(first?.tags.length).toBe(BOOKMARK_TAGS_MAX / 2);
    expect(second?.title).toHaveLength(BOOKMARK_VALUE_MAX);
    expect(second?.title.startsWith('ab&ab&')).toBe(true);
  });

  it('drops NUL from titles, descriptions, folders and tags, and percent-encodes it in URLs', () => {
    const file = `${DOCTYPE}<DL><p><DT><H3>Do\0cs</H3><DL><p>
      <DT><A HREF="https://a.example/x\0y?q=\0z" TAGS="we\0b,\0">Ti\0tle</A><DD>De\0sc
    </DL><p></DL>`;
    expect(parseBookmarksFile(file)).toEqual([
      {
        url: 'https://a.example/x%00y?q=%00z',
        title: 'Title',
        description: 'Desc',
        folders: ['Docs'],
        tags: ['web'],
        addDate: null,
      },
    ]);
    // The URL standard encodes NUL the same way: the address a browser would open.
    expect(new URL('https://a.example/x\0y?q=\0z').href).toBe('https://a.example/x%00y?q=%00z');
  });
});

describe('writeBookmarksFile', () => {
  it('escapes titles, URLs, tags and descriptions, and reads back the same', () => {
    const written = writeBookmarksFile([
      {
        url: 'https://example.com/?q="x"&y=<z>',
        title: '</A><script>alert(1)</script>',
        description: 'a < b & c',
        tags: ['x,y', 'Tag "quoted"'],
        addDate: new Date(1_700_000_000_000),
      },
    ]);
    expect(written).not.toContain('<script>');
    expect(written).toContain('HREF="https://example.com/?q=&quot;x&quot;&amp;y=&lt;z&gt;"');
    expect(parseBookmarksFile(written)).toEqual([
      {
        url: 'https://example.com/?q="x"&y=<z>',
        title: '</A><script>alert(1)</script>',
        description: 'a < b & c',
        folders: [],
        tags: ['x,y', 'Tag "quoted"'],
        addDate: new Date(1_700_000_000_000),
      },
    ]);
  });
});
