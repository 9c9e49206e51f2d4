// The page-facts extraction rules, each on a small page of the shape that needs it.
import { describe, expect, it } from 'vitest';
import { extractMetadata, type PageMetadata } from './extract.ts';

function metadata(html: string, url: string): PageMetadata {
  const result = extractMetadata(html, url);
  if (!result.ok) throw new Error(`expected metadata, got ${result.failure.code}`);
  return result.value;
}

const page = (head: string, body = '<p>Some text of the page, long enough to be a page.</p>', lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

describe('icons and preview images', () => {
  it('ranks icons: SVG first, then by declared size, JSON-LD logo, /favicon.ico last', () => {
    const result = metadata(
      page(`<title>Orbit</title>
        <link rel="icon" href="/favicon-16.png" sizes="16x16">
        <link rel="apple-touch-icon" href="/apple-touch-icon.png">
        <link rel="icon" href="/icon-192.png" sizes="192x192" type="image/png">
        <link rel="icon" href="/icon.svg" type="image/svg+xml">
        <link rel="shortcut icon" href="/favicon.ico">
        <script type="application/ld+json">{"@type":"Organization","name":"Orbit","logo":"https://cdn.orbit.example/logo.png"}</script>`),
      'https://orbit.example/docs/',
    );
    expect(result.iconCandidates).toEqual([
      'https://orbit.example/icon.svg',
      'https://orbit.example/icon-192.png',
      'https://orbit.example/apple-touch-icon.png',
      'https://orbit.example/favicon-16.png',
      'https://orbit.example/favicon.ico',
      'https://cdn.orbit.example/logo.png',
    ]);
    // No preview declared: none, not an icon.
    expect(result.previewImage).toBeNull();
  });

  it('offers only /favicon.ico, of the page origin, when a page declares no icon', () => {
    const result = metadata(page('<title>Bare</title>'), 'https://bare.example/a/b?c=d');
    expect(result.iconCandidates).toEqual(['https://bare.example/favicon.ico']);
    expect(result.previewImage).toBeNull();
  });

  it('takes a preview from og, twitter, JSON-LD image (not logo) or rel=image_src, never from an icon', () => {
    const jsonLd = `<script type="application/ld+json">{"@type":"NewsArticle","headline":"H",
      "image":{"@type":"ImageObject","url":"/img/lead.jpg"},"publisher":{"@type":"Organization","name":"Daily","logo":{"url":"/logo.png"}}}</script>`;
    expect(metadata(page(jsonLd), 'https://news.example/a').previewImage).toBe(
      'https://news.example/img/lead.jpg',
    );
    const logoOnly = `<script type="application/ld+json">{"@type":"Organization","name":"Acme","logo":"/logo.png"}</script>`;
    const acme = metadata(page(logoOnly), 'https://acme.example/');
    expect(acme.previewImage).toBeNull();
    expect(acme.iconCandidates).toContain('https://acme.example/logo.png');
    expect(
      metadata(page('<link rel="image_src" href="/thumb.jpg">'), 'https://x.example/').previewImage,
    ).toBe('https://x.example/thumb.jpg');
    const iconAsPreview =
      '<meta property="og:image" content="/icon-512.png"><link rel="icon" href="/icon-512.png">';
    expect(metadata(page(iconAsPreview), 'https://y.example/').previewImage).toBeNull();
  });
});

describe('site, author, date, language', () => {
  it('finds the site name in the issue order of fallbacks', () => {
    const cases: [string, string | null][] = [
      [
        '<meta property="og:site_name" content="OG Site"><meta name="application-name" content="App">',
        'OG Site',
      ],
      [
        '<script type="application/ld+json">{"@type":"Article","headline":"x","publisher":{"@type":"Organization","name":"The Ledger"}}</script><meta name="publisher" content="Meta Pub">',
        'The Ledger',
      ],
      ['<meta name="publisher" content="Meta Pub"><meta name="application-name" content="App">', 'Meta Pub'],
      ['<meta name="application-name" content="Tasks">', 'Tasks'],
      ['<meta property="al:ios:app_name" content="Pinbox">', 'Pinbox'],
      ['<title>Why we moved to Postgres | Fieldnotes Engineering</title>', 'Fieldnotes Engineering'],
      ['<title>Just a title</title>', null],
    ];
    for (const [head, expected] of cases) {
      expect(metadata(page(head), 'https://fieldnotes.example/post').publisher, head).toBe(expected);
    }
  });

  it('reads author and published date from meta, JSON-LD, citation tags or <time>', () => {
    const article = metadata(
      page(
        `<meta property="article:published_time" content="2024-03-05T08:00:00+01:00">
         <meta property="article:author" content="https://facebook.com/someone">
         <meta name="author" content="Ada Example">`,
      ),
      'https://blog.example/p',
    );
    expect(article).toMatchObject({ author: 'Ada Example', publishedAt: '2024-03-05T07:00:00.000Z' });
    const jsonLd = metadata(
      page(
        `<script type="application/ld+json">{"@type":"BlogPosting","headline":"x","datePublished":"2023-11-02",
          "author":[{"@type":"Person","name":"Grace Example"},{"@type":"Person","name":"Second"}]}</script>`,
      ),
      'https://blog.example/q',
    );
    expect(jsonLd).toMatchObject({ author: 'Grace Example', publishedAt: '2023-11-02T00:00:00.000Z' });
    const paper = metadata(
      page(
        '<meta name="citation_author" content="Lovelace, Ada"><meta name="citation_publication_date" content="2019/05/14">',
      ),
      'https://papers.example/abs/1',
    );
    expect(paper).toMatchObject({ author: 'Lovelace, Ada', publishedAt: '2019-05-14T00:00:00.000Z' });
    const timed = metadata(
      page('<title>t</title>', '<article><time datetime="2022-07-01">July 1</time></article>'),
      'https://t.example/',
    );
    expect(timed.publishedAt).toBe('2022-07-01T00:00:00.000Z');
    const placeholder = metadata(
      page('<meta property="article:published_time" content="0000-00-00">'),
      'https://t.example/',
    );
    expect(placeholder.publishedAt).toBeNull();
  });

  it('reads the language from <html lang>, else og:locale', () => {
    expect(metadata(page('<title>t</title>', '', 'pt-br'), 'https://l.example/').language).toBe('pt-BR');
    const locale = `<!doctype html><html><head><meta property="og:locale" content="de_DE"></head><body></body></html>`;
    expect(metadata(locale, 'https://l.example/').language).toBe('de-DE');
    expect(metadata('<html><head><title>t</title></head></html>', 'https://l.example/').language).toBeNull();
  });
});

describe('titles, names and descriptions', () => {
  it('prefers citation_title / dc.title on scholarly pages', () => {
    const paper = page(`<title>Journal of Examples | Vol 3</title>
      <meta property="og:title" content="Journal of Examples">
      <meta name="citation_title" content="On the Extraction of Metadata from Web Pages">`);
    expect(metadata(paper, 'https://journal.example/article/42').title).toBe(
      'On the Extraction of Metadata from Web Pages',
    );
    const dublinCore = page(
      '<title>Repository item</title><meta name="DC.title" content="A Survey of Caches">',
    );
    expect(metadata(dublinCore, 'https://repo.example/item/7').title).toBe('A Survey of Caches');
  });

  it('takes the first <h1> when a page has no title at all', () => {
    const untitled = `<html><body><header><h1>Changelog <small>v2</small></h1></header><h1>Second</h1></body></html>`;
    expect(metadata(untitled, 'https://c.example/changes').title).toBe('Changelog v2');
  });

  it('names a product of a family by its longer name: TanStack Query, not TanStack', () => {
    const tanstack = page(`<title>TanStack Query</title><meta property="og:site_name" content="TanStack">
      <meta property="og:title" content="TanStack Query">`);
    expect(metadata(tanstack, 'https://tanstack.com/query/latest').suggestedName).toBe('TanStack Query');
    const family = page(`<title>Acme | Overview</title><meta property="og:site_name" content="Acme">`);
    expect(metadata(family, 'https://acme.example/').suggestedName).toBe('Acme');
  });

  it('prefers a much longer meta description to a very short og:description', () => {
    const short = page(`<meta property="og:description" content="Docs">
      <meta name="description" content="Orbit schedules background jobs on PostgreSQL with retries and cron.">`);
    expect(metadata(short, 'https://orbit.example/').description).toBe(
      'Orbit schedules background jobs on PostgreSQL with retries and cron.',
    );
    const fine = page(`<meta property="og:description" content="Background jobs on PostgreSQL, with retries.">
      <meta name="description" content="Orbit schedules background jobs on PostgreSQL with retries, cron and a dashboard.">`);
    expect(metadata(fine, 'https://orbit.example/').description).toBe(
      'Background jobs on PostgreSQL, with retries.',
    );
  });

  it('falls back to the first substantial paragraph of <main>/<article>, and only there', () => {
    const body = `<nav><p>Home · Blog · About us and a long navigation paragraph that must not be taken as a description.</p></nav>
      <main><p>By Ada · 5 min read</p>
      <p>Connection pools keep a few database connections open and lend them to requests, which saves the cost of a handshake per query.</p></main>`;
    expect(metadata(page('<title>Pools</title>', body), 'https://p.example/').description).toBe(
      'Connection pools keep a few database connections open and lend them to requests, which saves the cost of a handshake per query.',
    );
    const noMain = `<div><p>Connection pools keep a few database connections open and lend them to requests, always.</p></div>`;
    expect(metadata(page('<title>Pools</title>', noMain), 'https://p.example/').description).toBeNull();
  });
});

describe('canonical', () => {
  it('reads rel=canonical on the same site only, the one in <head> before one in <body>', () => {
    const elsewhere = page('<link rel="canonical" href="https://aggregator.example/copy/1">');
    expect(metadata(elsewhere, 'https://blog.example/post').homepageUrl).toBe('https://blog.example/post');
    const sameSite = page('<link rel="canonical" href="https://www.blog.example/post/">');
    expect(metadata(sameSite, 'https://blog.example/post?ref=x').homepageUrl).toBe(
      'https://www.blog.example/post/',
    );
    const inBody = page(
      '<title>t</title>',
      '<div><link rel="canonical" href="https://blog.example/other"></div>',
    );
    expect(metadata(inBody, 'https://blog.example/post').homepageUrl).toBe('https://blog.example/other');
    const both = page(
      '<link rel="canonical" href="https://blog.example/post/">',
      '<div><link rel="canonical" href="https://blog.example/other"></div>',
    );
    expect(metadata(both, 'https://blog.example/post?x=1').homepageUrl).toBe('https://blog.example/post/');
    const countrySite = page('<link rel="canonical" href="https://shop.co.uk/item">');
    expect(metadata(countrySite, 'https://news.co.uk/item').homepageUrl).toBe('https://news.co.uk/item');
  });
});
