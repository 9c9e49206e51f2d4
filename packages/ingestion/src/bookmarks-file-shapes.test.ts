// Bookmarks files of the shapes people upload that the parser once misread, one fixture of each.
import { describe, expect, it } from 'vitest';
import { BookmarksFileError, compactBookmark } from './bookmarks-file.ts';
import { parseBookmarksFile } from './bookmarks-file-reader.ts';
import {
  closedDescriptions,
  duplicateWithNotes,
  hashRoutes,
  internetExplorerExport,
  safariExport,
  wikipediaArticle,
} from './testing/bookmark-file-shapes.ts';

describe('bookmarks files as people upload them', () => {
  it('refuses a web page with <dl> lists of links, saying what a bookmarks file is', () => {
    expect(() => parseBookmarksFile(wikipediaArticle)).toThrow(new BookmarksFileError('not_bookmarks'));
    const message = new BookmarksFileError('not_bookmarks').message;
    expect(message).toContain("the HTML file a browser's bookmark manager exports");
    expect(message).toContain('<!DOCTYPE NETSCAPE-Bookmark-file-1>');
    // Dated entries of the format's own shape are a bookmarks file even without the doctype.
    const bare =
      '<DL><p><DT><H3 ADD_DATE="1700000000">Docs</H3><DL><p><DT><A HREF="https://a.example/">A</A></DL>';
    expect(parseBookmarksFile(bare).map((bookmark) => [bookmark.url, bookmark.folders])).toEqual([
      ['https://a.example/', ['Docs']],
    ]);
  });

  it('keeps a bookmark written after </DD> without a <DT>', () => {
    expect(parseBookmarksFile(closedDescriptions).map((b) => [b.url, b.description])).toEqual([
      ['https://first.example/', 'About the first, with a link in it'],
      ['https://second.example/', 'About the second'],
      ['https://third.example/', null],
    ]);
  });

  it("does not make Safari's Reading List or Internet Explorer's Links folder a folder of its bookmarks", () => {
    expect(parseBookmarksFile(safariExport).map((b) => [b.url, b.folders])).toEqual([
      ['https://www.apple.com/', []],
      ['https://linear.example/', ['Work']],
      ['https://essays.example/queues', []],
      ['https://essays.example/caches', []],
    ]);
    expect(parseBookmarksFile(internetExplorerExport).map((b) => [b.url, b.folders])).toEqual([
      ['http://go.microsoft.com/fwlink/?LinkId=68924', []],
      ['https://nested-links.example/', ['Links']],
      ['https://msdn.example/', []],
    ]);
  });

  it('gives the first entry of a URL filed twice the descriptions of both, joined', () => {
    const bookmarks = parseBookmarksFile(duplicateWithNotes);
    expect(bookmarks.map((b) => [b.title, b.description])).toEqual([
      ['PostgreSQL docs', 'The manual\n\nChapter 13 on concurrency'],
      ['PostgreSQL docs again', 'Chapter 13 on concurrency'],
      ['Third time', null],
      ['An anchor of it', 'The manual'],
    ]);
    // The import keeps the first entry and skips the others as duplicates: they share its fingerprint.
    const compact = bookmarks.map(compactBookmark);
    expect(compact.map(([, , , tags]) => tags)).toEqual([
      ['Databases'],
      ['Reading'],
      ['Reading'],
      ['Reading'],
    ]);
  });

  it('keeps hash routes apart and merges plain anchors of one page', () => {
    const noted = hashRoutes.replace(/(<A [^>]*>([^<]*)<\/A>)/g, '$1\n<DD>$2 note');
    expect(parseBookmarksFile(noted).map((b) => [b.url, b.description])).toEqual([
      ['https://mail.example/#/inbox', 'Inbox note'],
      ['https://mail.example/#/sent', 'Sent note'],
      ['https://old.example/#!/settings', 'Settings note'],
      ['https://docs.example/guide#install', 'Install note\n\nUsage note'],
      ['https://docs.example/guide#usage', 'Usage note'],
    ]);
  });
});
