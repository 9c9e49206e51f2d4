import { describe, expect, it } from 'vitest';
import { parseBookmarksFile, writeBookmarksFile } from './bookmarks-file.ts';

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

  it('answers nothing for a page that is not a bookmarks file', () => {
    expect(parseBookmarksFile('<html><body><p>hello</p></body></html>')).toEqual([]);
    expect(parseBookmarksFile('')).toEqual([]);
  });

  it('copes with deep nesting and unclosed lists without losing bookmarks', () => {
    const deep = '<DL><p><DT><H3>f</H3>'.repeat(200) + '<DT><A HREF="https://deep.example/">Deep</A>';
    const [bookmark] = parseBookmarksFile(deep);
    expect(bookmark?.url).toBe('https://deep.example/');
    expect(bookmark?.folders.length).toBeLessThanOrEqual(64);
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
        tags: ['x y', 'Tag "quoted"'],
        addDate: new Date(1_700_000_000_000),
      },
    ]);
  });
});
