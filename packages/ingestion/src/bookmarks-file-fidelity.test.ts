// The defects bookmark files from real exports showed, one small file of each shape.
import { describe, expect, it } from 'vitest';
import { compactBookmarksOffThread } from './bookmarks-file-thread.ts';
import { BookmarksFileError, compactBookmark, writeBookmarksFile } from './bookmarks-file.ts';
import { decodeBookmarksFile, parseBookmarksFile, readBookmarksFile } from './bookmarks-file-reader.ts';

const netscape = (body: string, head = '') => `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file. -->
${head}<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
${body}
</DL><p>
`;

describe('bookmark files as browsers and services export them', () => {
  it("gives a folder's <DD> to the folder, not to the bookmark before it (Firefox toolbar)", () => {
    const file = netscape(`
    <DT><A HREF="https://www.mozilla.org/firefox/" ADD_DATE="1700000000">Get Firefox</A>
    <DT><H3 ADD_DATE="1700000001" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>
    <DD>Add bookmarks to this folder to see them displayed on the Bookmarks Toolbar
    <DL><p>
        <DT><H3>Reading</H3>
        <DD>Long reads for the weekend
        <DL><p>
            <DT><A HREF="https://lwn.net/">LWN.net</A>
        </DL><p>
    </DL><p>`);
    expect(parseBookmarksFile(file).map((b) => [b.url, b.description, b.folders])).toEqual([
      ['https://www.mozilla.org/firefox/', null, []],
      ['https://lwn.net/', null, ['Reading']],
    ]);
  });

  it('reads ADD_DATE in seconds, milliseconds (Google Bookmarks) and microseconds', () => {
    const file = netscape(`
    <DT><A HREF="https://a.example/" ADD_DATE="1600000000">Seconds</A>
    <DT><A HREF="https://b.example/" ADD_DATE="1600000000123">Milliseconds</A>
    <DT><A HREF="https://c.example/" ADD_DATE="1600000000123456">Microseconds</A>
    <DT><A HREF="https://d.example/" ADD_DATE="0">None</A>`);
    expect(parseBookmarksFile(file).map((b) => b.addDate?.toISOString() ?? null)).toEqual([
      '2020-09-13T12:26:40.000Z',
      '2020-09-13T12:26:40.123Z',
      '2020-09-13T12:26:40.123Z',
      null,
    ]);
  });

  it('keeps a link inside a <DD> as part of the description, and its line breaks', () => {
    const file = netscape(`
    <DT><A HREF="https://shaarli.example/?abc">A shaare</A>
    <DD>Found via <a href="https://news.example/item?id=1"><img src="x.png">this thread</a>, worth it.
Second line<br>third line


after a gap
    <DT><A HREF="https://next.example/">Next</A>`);
    expect(parseBookmarksFile(file).map((b) => [b.url, b.description])).toEqual([
      [
        'https://shaarli.example/?abc',
        'Found via this thread, worth it.\nSecond line\nthird line\n\nafter a gap',
      ],
      ['https://next.example/', null],
    ]);
  });

  it('honours the declared charset of the file', () => {
    const latin1 = Buffer.from(
      netscape(
        `<DT><A HREF="https://cafe.example/" TAGS="caf\u00e9">Caf\u00e9 cr\u00e8me</A>\n<DD>D\u00e9j\u00e0 vu`,
        '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=ISO-8859-1">\n',
      ),
      'latin1',
    );
    const [bookmark] = parseBookmarksFile(decodeBookmarksFile(latin1));
    expect(bookmark).toMatchObject({ title: 'Café crème', description: 'Déjà vu', tags: ['café'] });
    // Read as UTF-8, the same bytes would be replacement characters.
    expect(parseBookmarksFile(latin1.toString('utf8'))[0]?.title).not.toBe('Café crème');
  });

  it('leaves out root folders in other languages and Safari Favorites, but keeps nested folders of those names', () => {
    const roots = [
      'Lesezeichen-Symbolleiste',
      'Barre personnelle',
      'Otros marcadores',
      'Favorites',
      'Favoris',
    ];
    const file = netscape(
      roots
        .map(
          (root, index) => `<DT><H3>${root}</H3><DL><p>
          <DT><A HREF="https://site${index}.example/">Site ${index}</A>
          <DT><H3>Favorites</H3><DL><p><DT><A HREF="https://nested${index}.example/">Nested</A></DL><p>
        </DL><p>`,
        )
        .join('\n'),
    );
    const bookmarks = parseBookmarksFile(file);
    expect(bookmarks.filter((b) => b.url.startsWith('https://site')).map((b) => b.folders)).toEqual(
      roots.map(() => []),
    );
    expect(bookmarks.filter((b) => b.url.startsWith('https://nested')).map((b) => b.folders)).toEqual(
      roots.map(() => ['Favorites']),
    );
  });

  it('skips PRIVATE="1" bookmarks with reason private, unless asked to include them', () => {
    const file = netscape(`
    <DT><A HREF="https://public.example/" PRIVATE="0" TAGS="work">Public</A>
    <DT><A HREF="https://private.example/" PRIVATE="1" TAGS="secret">Private</A>
    <DD>Only mine`);
    const content = readBookmarksFile(file);
    expect(content.bookmarks.map((b) => b.url)).toEqual(['https://public.example/']);
    expect(content.skipped).toEqual([
      { url: 'https://private.example/', title: 'Private', reason: 'private' },
    ]);
    // The private one's <DD> does not land on the public bookmark.
    expect(content.bookmarks[0]?.description).toBeNull();
    const included = readBookmarksFile(file, { includePrivate: true });
    expect(included.bookmarks.map((b) => [b.url, b.description])).toEqual([
      ['https://public.example/', null],
      ['https://private.example/', 'Only mine'],
    ]);
    expect(included.skipped).toEqual([]);
  });

  it("reads Scuttle's DESCRIPTION attribute; a <DD> wins over it", () => {
    const file = netscape(`
    <DT><A HREF="https://scuttle.example/a" ADD_DATE="1200000000" TAGS="php,bookmarks" DESCRIPTION="Social bookmarking &amp; more">Scuttle</A>
    <DT><A HREF="https://scuttle.example/b" DESCRIPTION="attribute">Both</A>
    <DD>element`);
    expect(parseBookmarksFile(file).map((b) => b.description)).toEqual([
      'Social bookmarking & more',
      'element',
    ]);
  });

  it('refuses a plain web page, and reads a bare <DL> list of dated entries without the doctype', () => {
    const page = `<!doctype html><html><head><title>My links</title></head>
      <body><h1>Links</h1><p><a href="https://a.example/">A</a> and <a href="https://b.example/">B</a></p></body></html>`;
    expect(() => parseBookmarksFile(page)).toThrow(new BookmarksFileError('not_bookmarks'));
    expect(() => parseBookmarksFile('')).toThrow(new BookmarksFileError('not_bookmarks'));
    expect(new BookmarksFileError('not_bookmarks').message).toMatch(/^This file is not a bookmarks file\./);
    expect(
      parseBookmarksFile('<DL><p><DT><A HREF="https://a.example/" ADD_DATE="1700000000">A</A></DL>'),
    ).toHaveLength(1);
    // An empty export (doctype, no entries) is a bookmarks file with nothing in it.
    expect(parseBookmarksFile(writeBookmarksFile([]))).toEqual([]);
  });

  it('gives entries the import will skip for their URL no tags', () => {
    const file = netscape(`<DT><H3>Tools</H3><DL><p>
      <DT><A HREF="javascript:alert(1)" TAGS="bookmarklet">Bookmarklet</A>
      <DT><A HREF="place:sort=8">Most visited</A>
      <DT><A HREF="https://good.example/" TAGS="good">Good</A>
    </DL><p>`);
    expect(
      parseBookmarksFile(file)
        .map(compactBookmark)
        .map(([url, , , tags]) => [url, tags]),
    ).toEqual([
      ['javascript:alert(1)', []],
      ['place:sort=8', []],
      ['https://good.example/', ['Tools', 'good']],
    ]);
  });

  it('writes untitled bookmarks untitled, and tags with commas, quotes and line breaks back as they were', () => {
    const exported = [
      {
        url: 'https://untitled.example/',
        title: null,
        description: 'First line\nsecond line\n\nnew paragraph',
        tags: ['a, b', '"quoted" tag', 'plain', 'x,y,z'],
        addDate: new Date(1_700_000_000_000),
      },
    ];
    const written = writeBookmarksFile(exported);
    expect(written).toContain('<A HREF="https://untitled.example/" ADD_DATE="1700000000"');
    expect(written).toContain('></A>');
    expect(parseBookmarksFile(written)).toEqual([
      {
        url: 'https://untitled.example/',
        title: '',
        description: 'First line\nsecond line\n\nnew paragraph',
        folders: [],
        tags: ['a, b', '"quoted" tag', 'plain', 'x,y,z'],
        addDate: new Date(1_700_000_000_000),
      },
    ]);
  });

  it('decodes bytes and reports private ones through the worker thread', async () => {
    const bytes = Buffer.from(
      netscape(
        `<DT><A HREF="https://a.example/" ADD_DATE="1600000000000">\u00c9t\u00e9</A>\n<DT><A HREF="https://b.example/" PRIVATE="1">B</A>`,
        '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=windows-1252">\n',
      ),
      'latin1',
    );
    const parsed = await compactBookmarksOffThread(bytes);
    expect(JSON.parse(parsed.json)).toEqual([['https://a.example/', 'Été', null, [], 1_600_000_000_000]]);
    expect(parsed.skipped).toEqual([{ url: 'https://b.example/', title: 'B', reason: 'private' }]);
    const all = await compactBookmarksOffThread(bytes, { includePrivate: true });
    expect(all.count).toBe(2);
    await expect(compactBookmarksOffThread('<p>not bookmarks</p>')).rejects.toThrow(
      new BookmarksFileError('not_bookmarks'),
    );
  });
});
