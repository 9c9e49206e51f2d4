import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { MAX_COPY_BYTES, readableCopy } from './readable-copy.ts';
import { readableCopyOffThread } from './readable-copy-thread.ts';
import { sanitizeArticle, type ArticleNode } from './sanitize-article.ts';
import { corpusPages } from './testing/corpus-pages.ts';

const paragraph = (n: number) =>
  `<p>Paragraph ${n} explains how the pipeline keeps a readable copy of every saved page, with enough words to count as an article.</p>`;

const article = (body: string, head = '') => `<!doctype html><html><head><title>Keeping copies</title>
<meta name="author" content="Ada Example">${head}</head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Keeping copies</h1>${body}${[1, 2, 3, 4].map(paragraph).join('')}</article>
<footer>© Example</footer></body></html>`;

function copyOf(html: string, url = 'https://blog.example/posts/copies') {
  const copy = readableCopy(html, url);
  if (!copy) throw new Error('expected a copy');
  return copy;
}

describe('readable copies', () => {
  it('keeps the article with its title and byline, not the navigation or footer', () => {
    const copy = copyOf(article(''));
    expect(copy).toMatchObject({ title: 'Keeping copies', byline: 'Ada Example', truncated: false });
    expect(copy.text).toContain('Paragraph 3 explains how the pipeline');
    expect(copy.text).not.toContain('About');
    expect(copy.html).toContain('<p>Paragraph 1 explains');
    expect(copy.html).not.toContain('©');
  });

  it('drops scripts, styles, frames, forms, event handlers and every attribute but absolute links', () => {
    const copy = copyOf(
      article(`<p onclick="steal()" style="color:red" class="x">Read <a href="/docs/start" onmouseover="x()">the guide</a>
      and <a href="javascript:alert(1)">this</a> and <a href="mailto:ada@example.com">mail</a>.
      <script>alert(1)</script><style>p{}</style><iframe src="https://evil.example/"></iframe>
      <img src="/img/chart.png" alt="A chart" onerror="alert(2)"><svg><script>alert(3)</script></svg>
      <form action="/x"><input name="q"><button>Go</button></form></p>`),
    );
    expect(copy.html).toContain('<a href="https://blog.example/docs/start">the guide</a>');
    expect(copy.html).toContain('<a href="mailto:ada@example.com">mail</a>');
    expect(copy.html).toContain('<a href="https://blog.example/img/chart.png">Image: A chart</a>');
    expect(copy.html).toContain('this');
    for (const banned of [
      '<script',
      '<style',
      '<iframe',
      '<img',
      '<svg',
      '<form',
      '<input',
      'onclick',
      'onerror',
    ]) {
      expect(copy.html).not.toContain(banned);
    }
    expect(copy.html).not.toMatch(/javascript:|style=|class=|alert/);
  });

  it('escapes text that looks like markup', () => {
    const copy = copyOf(article('<p>Write &lt;script&gt;alert(1)&lt;/script&gt; &amp; see.</p>'));
    expect(copy.html).toContain('Write &lt;script&gt;alert(1)&lt;/script&gt; &amp; see.');
    expect(copy.text).toContain('Write <script>alert(1)</script> & see.');
  });

  it('cuts a long article at the cap, says so and still closes its elements', () => {
    const { document } = parseHTML(
      `<div><p>${'<em>word</em> '.repeat(40)}</p>${paragraph(1).repeat(200)}</div>`,
    );
    const cut = sanitizeArticle(
      document.firstElementChild as unknown as ArticleNode,
      'https://a.example/',
      2_000,
    );
    expect(cut.truncated).toBe(true);
    expect(Buffer.byteLength(cut.html)).toBeLessThanOrEqual(2_000);
    expect(cut.html).toMatch(/^<p>(<em>word<\/em> )+<\/p>(<p>Paragraph 1 [^<]*<\/p>)*(<p><\/p>)?$/);
    expect(MAX_COPY_BYTES).toBe(512 * 1024);
    expect(copyOf(article('')).truncated).toBe(false);
  });

  it('keeps no copy of a page without an article, or of one too big to read', () => {
    const shell = '<html><body><div id="app"></div><script>boot()</script></body></html>';
    expect(readableCopy(shell, 'https://a.example/')).toBeNull();
    expect(readableCopy('', 'https://a.example/')).toBeNull();
    expect(readableCopy(article('x'.repeat(4 * 1024 * 1024)), 'https://a.example/')).toBeNull();
  });

  it('extracts on its own thread, where a page that takes too long costs only its copy', async () => {
    const hostile = '<div>'.repeat(5_000) + paragraph(1).repeat(5) + '</div>'.repeat(5_000);
    const started = Date.now();
    const [slow, next] = await Promise.all([
      readableCopyOffThread(hostile, 'https://a.example/', 1_000),
      // Its time counts from its own start, on a thread started anew.
      readableCopyOffThread(article(''), 'https://blog.example/posts/copies'),
    ]);
    expect(slow).toBeNull();
    expect(next?.title).toBe('Keeping copies');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('finds an article on most pages of the ingestion corpus', () => {
    const pages = corpusPages();
    const copies = pages.map((page) => readableCopy(page.html, page.url));
    expect(copies.filter(Boolean).length).toBeGreaterThan(pages.length / 2);
    for (const copy of copies) if (copy) expect(copy.html).not.toMatch(/<script|__STATE__/);
  });
});
