// Extraction on the shapes of real pages it once misread: each fixture is cut down from such a page.
import { describe, expect, it } from 'vitest';
import { extractMetadata, type PageMetadata } from './extract.ts';
import {
  abbrDatePublished,
  amazonProduct,
  blankPageOnIpHost,
  brokenQuotingOgTitle,
  categorySuffix,
  emptyTitleOnIpHost,
  timeDatePublished,
  undeclaredTouchIcon,
  xPost,
} from './testing/real-page-shapes.ts';

function metadata(html: string, url: string): PageMetadata {
  const result = extractMetadata(html, url);
  if (!result.ok) throw new Error(`expected metadata, got ${result.failure.code}`);
  return result.value;
}

describe('pages extraction once misread', () => {
  it('titles a page with an empty <title> by its first <h1>, and never names one "0" after its IP address', () => {
    expect(metadata(emptyTitleOnIpHost, 'http://10.0.0.5/')).toMatchObject({
      title: 'Gateway Admin',
      suggestedName: 'Gateway Admin',
      suggestedSlug: 'gateway-admin',
    });
    expect(metadata(blankPageOnIpHost, 'http://192.168.1.10:8080/status')).toMatchObject({
      title: null,
      suggestedName: '192.168.1.10',
      suggestedSlug: '192-168-1-10',
    });
    expect(metadata(blankPageOnIpHost, 'http://[2001:db8::1]/').suggestedName).toBe('[2001:db8::1]');
  });

  it('never takes a JSON-LD WebSite url on another site as the canonical (x.com pages said twitter.com)', () => {
    const post = metadata(xPost, 'https://x.com/adaexample/status/1790000000000000000');
    expect(post.homepageUrl).toBe('https://x.com/adaexample/status/1790000000000000000');
    const sameSite = xPost.replaceAll('https://twitter.com/', 'https://x.com/');
    expect(metadata(sameSite, 'https://x.com/adaexample/status/1').homepageUrl).toBe('https://x.com/');
  });

  it('reads a canonical link placed in <body> (Amazon), on the same site only', () => {
    const url = 'https://www.amazon.com/dp/B0EXAMPLE1?ref=sr_1_1&keywords=keyboard';
    expect(metadata(amazonProduct, url).homepageUrl).toBe(
      'https://www.amazon.com/Mechanical-Keyboard-Hot-Swappable/dp/B0EXAMPLE1',
    );
    expect(metadata(amazonProduct, 'https://mirror.example/dp/B0EXAMPLE1').homepageUrl).toBe(
      'https://mirror.example/dp/B0EXAMPLE1',
    );
  });

  it('does not take a title suffix as the publisher unless the site is named so too', () => {
    expect(metadata(categorySuffix, 'https://shop.example/p/torque-wrench').publisher).toBeNull();
    expect(metadata(categorySuffix, 'https://automotive.example/p/torque-wrench').publisher).toBe(
      'Automotive',
    );
    const named = categorySuffix.replace(
      '</head>',
      '<script type="application/ld+json">{"@type":"WebSite","name":"Automotive","url":"/"}</script></head>',
    );
    expect(metadata(named, 'https://shop.example/p/torque-wrench').publisher).toBe('Automotive');
  });

  it('prefers the whole <title> to an og:title cut short by unescaped quotes', () => {
    const page = metadata(brokenQuotingOgTitle, 'https://keyhaus.example/quiet');
    expect(page.title).toBe('The "Quiet" Keyboard: silent switches for open offices');
    // An og:title that is simply shorter than the <title> stays.
    const shorter = brokenQuotingOgTitle.replace(
      /<meta property="og:title"[^>]*>/,
      '<meta property="og:title" content="The Quiet Keyboard">',
    );
    expect(metadata(shorter, 'https://keyhaus.example/quiet').title).toBe('The Quiet Keyboard');
  });

  it('reads itemprop="datePublished" from <abbr title> and <time datetime>, before a modified date', () => {
    expect(metadata(abbrDatePublished, 'https://notes.example/caching').publishedAt).toBe(
      '2019-03-14T09:00:00.000Z',
    );
    expect(metadata(timeDatePublished, 'https://notes.example/queues').publishedAt).toBe(
      '2020-02-02T00:00:00.000Z',
    );
    const onlyModified = timeDatePublished.replace(/<time itemprop="datePublished"[^]*?<\/time>/, '');
    expect(metadata(onlyModified, 'https://notes.example/queues').publishedAt).toBeNull();
    const metaItemprop = timeDatePublished.replace(
      /<time itemprop="datePublished"[^]*?<\/time>/,
      '<meta itemprop="datePublished" content="2018-08-08">',
    );
    expect(metadata(metaItemprop, 'https://notes.example/queues').publishedAt).toBe(
      '2018-08-08T00:00:00.000Z',
    );
  });

  it('does not rank an apple-touch-icon without sizes as a 180 px icon', () => {
    expect(metadata(undeclaredTouchIcon, 'https://icons.example/').iconCandidates).toEqual([
      'https://icons.example/favicon-96x96.png',
      'https://icons.example/apple-touch-icon.png',
      'https://icons.example/favicon-32x32.png',
      'https://icons.example/favicon.ico',
    ]);
  });
});
