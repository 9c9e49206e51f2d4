// A corpus of pages shaped like the web ingestion meets: news articles, blog posts, repository and package
// pages, documentation, papers, product homepages, social posts, Q&A threads, forum threads and bare pages,
// each kind from several made-up sites that write their markup differently (what they declare, in which
// order, with which quirks). The extraction benchmark and the corpus test read it; nothing is tuned to a site.

export interface CorpusPage {
  kind: string;
  url: string;
  html: string;
}

interface Site {
  host: string;
  name: string;
  lang: string;
  /** Which of the optional declarations this site's templates write (0..5: more as it grows). */
  care: number;
}

const SITES: Site[] = [
  { host: 'www.dailyledger.example', name: 'The Daily Ledger', lang: 'en-GB', care: 5 },
  { host: 'news.tagblatt.example', name: 'Tagblatt', lang: 'de', care: 4 },
  { host: 'blog.fieldnotes.example', name: 'Fieldnotes', lang: 'en', care: 1 },
  { host: 'docs.orbit.example', name: 'Orbit', lang: 'en', care: 3 },
  { host: 'www.revista.example.com.br', name: 'Revista Técnica', lang: 'pt-BR', care: 2 },
  { host: 'journal.example.org', name: 'Journal of Examples', lang: 'en', care: 0 },
];

// Navigation, cookie banners, scripts and footers make up most of a real page's bytes.
const filler = (site: Site, seed: number) => {
  const nav = Array.from(
    { length: 30 },
    (_, i) => `<li><a href="/section/${(seed + i) % 17}/">Section ${(seed + i) % 17}</a></li>`,
  ).join('');
  const footer = Array.from(
    { length: 20 },
    (_, i) => `<a href="https://partner${i}.example/?ref=${site.host}">Partner ${i}</a>`,
  ).join(' · ');
  const script = `<script>window.__STATE__=${JSON.stringify({
    items: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `item ${i} <b>x</b>`, seed })),
  })};</script>`;
  const style = `<style>${'.c{color:#333;margin:0 auto;padding:4px}'.repeat(40)}</style>`;
  return {
    head: `${style}<script async src="https://analytics.example/a.js"></script>`,
    nav: `<header><nav><ul>${nav}</ul></nav><div class="cookie"><p>We use cookies.</p></div></header>`,
    footer: `<footer><p>© ${site.name}</p><p>${footer}</p>${script}</footer>`,
  };
};

const paragraphs = (topic: string, count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `<p>${topic} matters because teams ship faster when the ${i + 1}th concern is handled by the platform, not by every service on its own. Here is what we measured and what we would do differently next time.</p>`,
  ).join('\n');

const icons = (site: Site) =>
  [
    site.care >= 1 ? '<link rel="icon" href="/favicon-32x32.png" sizes="32x32" type="image/png">' : '',
    site.care >= 2 ? '<link rel="apple-touch-icon" href="/apple-touch-icon.png">' : '',
    site.care >= 3 ? '<link rel="icon" href="/icon.svg" type="image/svg+xml">' : '',
    site.care >= 4 ? '<link rel="icon" href="/android-chrome-192x192.png" sizes="192x192">' : '',
  ].join('\n');

function article(site: Site, i: number): CorpusPage {
  const f = filler(site, i);
  const slug = `2024/0${(i % 9) + 1}/story-${i}`;
  const title = `Cities rethink night buses after record ridership ${i}`;
  const jsonLd =
    site.care >= 3
      ? `<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":${JSON.stringify(title)},
        "datePublished":"2024-0${(i % 9) + 1}-1${i % 9}T06:30:00Z","image":["https://cdn.${site.host}/img/${i}-16x9.jpg"],
        "author":[{"@type":"Person","name":"Mara Jensen"}],
        "publisher":{"@type":"Organization","name":${JSON.stringify(site.name)},"logo":{"@type":"ImageObject","url":"https://${site.host}/logo-600.png"}}}</script>`
      : '';
  const og =
    site.care >= 2
      ? `<meta property="og:title" content="${title}"><meta property="og:type" content="article">
        <meta property="og:description" content="Night buses carried more riders than ever; cities now plan more lines and later trains.">
        <meta property="og:image" content="https://cdn.${site.host}/img/${i}-og.jpg"><meta property="og:url" content="https://${site.host}/${slug}">
        ${site.care >= 4 ? `<meta property="og:site_name" content="${site.name}">` : ''}
        <meta property="article:published_time" content="2024-0${(i % 9) + 1}-1${i % 9}T06:30:00+00:00">`
      : '';
  const html = `<!DOCTYPE html><html lang="${site.lang}"><head><meta charset="utf-8">
<title>${title} | ${site.name}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
${site.care >= 1 ? '<meta name="description" content="Night buses carried more riders than ever last year, and transport authorities are adding routes.">' : ''}
${site.care >= 1 ? '<meta name="author" content="Mara Jensen">' : ''}
${og}${icons(site)}
<link rel="canonical" href="https://${site.host}/${slug}">
${jsonLd}${f.head}</head><body>${f.nav}
<main><article><h1>${title}</h1><p class="byline">By Mara Jensen · <time datetime="2024-0${(i % 9) + 1}-1${i % 9}">${i} March</time></p>
<figure><img src="https://cdn.${site.host}/img/${i}.jpg" alt=""><figcaption>A night bus.</figcaption></figure>
${paragraphs('Night transport', 12)}</article></main>${f.footer}</body></html>`;
  return { kind: 'news article', url: `https://${site.host}/${slug}?utm_source=feed`, html };
}

function blogPost(site: Site, i: number): CorpusPage {
  const f = filler(site, i);
  const title = `What we learned running Postgres queues for a year (${i})`;
  const html = `<!doctype html><html lang="${site.lang}"><head><meta charset="UTF-8">
<title>${title} – ${site.name}</title>
<meta name="generator" content="WordPress 6.5">
${site.care >= 2 ? `<meta property="og:title" content="${title}"><meta property="og:description" content="A year of SKIP LOCKED.">` : ''}
${site.care >= 3 ? `<meta name="twitter:card" content="summary_large_image"><meta name="twitter:image" content="https://${site.host}/wp-content/uploads/queue-${i}.png">` : ''}
${icons(site)}<link rel="alternate" type="application/rss+xml" href="/feed/">
${f.head}</head><body class="post">${f.nav}
<div class="content"><article class="post"><h1 class="entry-title">${title}</h1>
<div class="meta">Posted on <time class="entry-date" datetime="2023-1${i % 3}-0${(i % 9) + 1}T10:00:00+02:00">a date</time> by <span class="author">Sam Okafor</span></div>
${paragraphs('A job queue in PostgreSQL', 9)}</article></div>${f.footer}</body></html>`;
  return { kind: 'blog post', url: `https://${site.host}/queues-${i}/`, html };
}

function repository(site: Site, i: number): CorpusPage {
  const f = filler(site, i);
  const name = `${site.name.split(' ').at(-1)?.toLowerCase() ?? 'tool'}-${i}`;
  const html = `<!DOCTYPE html><html lang="en" data-color-mode="auto"><head><meta charset="utf-8">
<title>GitHub - example-org/${name}: Fast incremental builds for monorepos</title>
<meta name="description" content="Fast incremental builds for monorepos. Contribute to example-org/${name} development by creating an account on GitHub.">
<meta property="og:image" content="https://opengraph.githubassets.example/1/example-org/${name}">
<meta property="og:site_name" content="GitHub"><meta property="og:type" content="object">
<meta property="og:title" content="GitHub - example-org/${name}: Fast incremental builds for monorepos">
<meta property="og:description" content="Fast incremental builds for monorepos. Contribute to example-org/${name} development by creating an account on GitHub.">
<link rel="icon" class="js-site-favicon" type="image/svg+xml" href="https://github.githubassets.example/favicons/favicon.svg">
<link rel="alternate icon" type="image/png" href="https://github.githubassets.example/favicons/favicon.png">
<meta property="al:ios:app_name" content="GitHub">${f.head}</head><body>${f.nav}
<main><div class="about"><a href="https://${name}.example/" title="https://${name}.example/" rel="nofollow">${name}.example</a></div>
<article class="markdown-body"><h1>${name}</h1><p>Install with <a href="https://www.npmjs.com/package/${name}">npm</a>.</p>
${paragraphs('Incremental builds', 6)}</article></main>${f.footer}</body></html>`;
  return { kind: 'repository', url: `https://github.com/example-org/${name}`, html };
}

function packagePage(site: Site, i: number): CorpusPage {
  const f = filler(site, i);
  const name = `@example/${site.name.split(' ')[0]?.toLowerCase() ?? 'pkg'}-${i}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${name} - npm</title>
<meta name="description" content="Typed configuration loading with validation. Latest version: 2.${i}.0, last published: 3 days ago.">
<meta property="og:site_name" content="npm"><meta property="og:title" content="${name}">
<meta property="og:description" content="Typed configuration loading with validation">
<meta property="og:image" content="https://static-production.npmjs.example/338e4905a2684ca96e08c7780fc68412.png">
<link rel="apple-touch-icon" sizes="120x120" href="https://static-production.npmjs.example/58a19602036db1daee0d7863c94673a4.png">
<link rel="icon" type="image/png" href="https://static-production.npmjs.example/b0f1a8318363185cc2ea6a40ac23eeb2.png" sizes="32x32">
${f.head}</head><body>${f.nav}<main><h1>${name}</h1>
<p><a href="https://github.com/example-org/config-${i}">Repository</a> · <a href="https://config-${i}.example/">Homepage</a></p>
<article>${paragraphs('Configuration loading', 5)}</article></main>${f.footer}</body></html>`;
  return { kind: 'package page', url: `https://www.npmjs.com/package/${name}`, html };
}

function docsPage(site: Site, i: number): CorpusPage {
  const f = filler(site, i);
  const html = `<!doctype html><html lang="${site.lang}" dir="ltr"><head><meta charset="UTF-8">
<meta name="generator" content="Docusaurus v3.1.0">
<title data-rh="true">Retries and backoff ${i} | ${site.name}</title>
<meta data-rh="true" property="og:title" content="Retries and backoff ${i} | ${site.name}">
<meta data-rh="true" name="description" content="How ${site.name} retries failed jobs: attempts, exponential backoff with jitter, and dead letters.">
<meta data-rh="true" property="og:description" content="Retries">
${site.care >= 2 ? `<meta data-rh="true" property="og:image" content="https://${site.host}/img/social-card.png">` : ''}
<link data-rh="true" rel="icon" href="/img/favicon.ico"><link data-rh="true" rel="canonical" href="https://${site.host}/docs/retries-${i}">
${f.head}</head><body>${f.nav}<div class="main-wrapper"><main><article><h1>Retries and backoff</h1>
${paragraphs('Retrying with backoff', 8)}</article></main></div>${f.footer}</body></html>`;
  return { kind: 'docs page', url: `https://${site.host}/docs/retries-${i}`, html };
}

function paper(site: Site, i: number): CorpusPage {
  const f = filler(site, i);
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>${site.name} | Volume ${i}</title>
<meta property="og:title" content="${site.name}"><meta property="og:site_name" content="${site.name}">
<meta name="citation_title" content="Bounded Staleness in Replicated Caches, Part ${i}">
<meta name="citation_author" content="Okonkwo, Chidi"><meta name="citation_author" content="Lindqvist, Eva">
<meta name="citation_publication_date" content="2021/0${(i % 9) + 1}/15">
<meta name="citation_journal_title" content="${site.name}"><meta name="citation_pdf_url" content="https://${site.host}/pdf/${i}.pdf">
<meta name="DC.title" content="Bounded Staleness in Replicated Caches, Part ${i}">
<meta name="citation_abstract" content="We bound the staleness of reads from replicated caches under partial failures and show the bound is tight.">
${icons(site)}${f.head}</head><body>${f.nav}<div id="content"><h1 class="title">Bounded Staleness in Replicated Caches</h1>
<div class="abstract">${paragraphs('Bounded staleness', 3)}</div></div>${f.footer}</body></html>`;
  return { kind: 'paper', url: `https://${site.host}/article/view/${i}`, html };
}

function productHome(site: Site, i: number): CorpusPage {
  const f = filler(site, i);
  const family = site.name.split(' ')[0] ?? 'Acme';
  const product = `${family} ${['Query', 'Router', 'Table', 'Form', 'Store', 'Start'][i % 6]}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${product}</title><meta property="og:site_name" content="${family}"><meta property="og:title" content="${product}">
<meta name="description" content="Powerful asynchronous state management for TS/JS, React, Solid, Vue and Svelte.">
<meta property="og:image" content="https://${site.host}/og/${i}.png"><meta name="twitter:image" content="https://${site.host}/tw/${i}.png">
${icons(site)}<link rel="manifest" href="/site.webmanifest">
${site.care >= 3 ? `<script type="application/ld+json">{"@type":"SoftwareApplication","applicationCategory":"DeveloperApplication","screenshot":"https://${site.host}/shot.png"}</script>` : ''}
${f.head}</head><body>${f.nav}<main><section class="hero"><h1>${product}</h1><p>Stop fetching by hand.</p>
<a href="https://github.com/${family.toLowerCase()}/${product.split(' ')[1]?.toLowerCase()}">GitHub</a>
<a href="https://discord.gg/${family.toLowerCase()}${i}">Discord</a></section>${paragraphs('Server state', 4)}</main>${f.footer}</body></html>`;
  return {
    kind: 'product homepage',
    url: `https://${site.host}/${product.split(' ')[1]?.toLowerCase()}/latest`,
    html,
  };
}

function socialPost(site: Site, i: number): CorpusPage {
  const f = filler(site, i);
  const html = `<!DOCTYPE html><html lang="${site.lang}"><head><meta charset="utf-8">
<title>Jo Rivera on Chirp: "Shipped the new sync engine today ${i}" / Chirp</title>
<meta property="og:site_name" content="Chirp"><meta property="og:title" content="Jo Rivera on Chirp">
<meta property="og:description" content="“Shipped the new sync engine today. Offline-first, conflict-free, and 3× faster on cold start.”">
<meta property="og:image" content="https://media.chirp.example/card/${i}.jpg"><meta name="twitter:card" content="summary_large_image">
<meta property="al:ios:app_name" content="Chirp"><meta property="al:android:app_name" content="Chirp">
<link rel="apple-touch-icon" sizes="192x192" href="https://abs.chirp.example/icons/apple-touch-icon-192x192.png">
<link rel="shortcut icon" href="//abs.chirp.example/favicons/favicon.ico" type="image/x-icon">
${f.head}</head><body><div id="react-root"><noscript>JavaScript is required.</noscript><article>
<p>Shipped the new sync engine today. Offline-first, conflict-free, and 3× faster on cold start. Thread below.</p></article></div>${f.footer}</body></html>`;
  return { kind: 'social post', url: `https://chirp.example/jorivera/status/17${i}00`, html };
}

function questionThread(site: Site, i: number): CorpusPage {
  const f = filler(site, i);
  const html = `<!DOCTYPE html><html itemscope itemtype="https://schema.org/QAPage" class="html__responsive" lang="en"><head>
<title>node.js - Why does my worker thread never exit? ${i} - Stack Example</title>
<meta name="description" content="I start a Worker and post a message; the process never exits even after the worker has answered.">
<meta property="og:type" content="website"><meta property="og:url" content="https://stack.example/questions/${i}/why-worker-never-exits">
<meta property="og:site_name" content="Stack Example"><meta property="og:image" content="https://cdn.stack.example/img/apple-touch-icon@2.png">
<meta name="twitter:title" property="og:title" itemprop="name" content="Why does my worker thread never exit?">
<link rel="shortcut icon" href="https://cdn.stack.example/favicon.ico"><link rel="apple-touch-icon" href="https://cdn.stack.example/img/apple-touch-icon@2.png">
<link rel="image_src" href="https://cdn.stack.example/img/apple-touch-icon@2.png">${f.head}</head><body>${f.nav}
<div id="question"><h1 itemprop="name">Why does my worker thread never exit?</h1>
<div itemprop="text">${paragraphs('Worker threads', 3)}</div><time itemprop="dateCreated" datetime="2022-05-0${(i % 9) + 1}T12:00:00">asked</time></div>${f.footer}</body></html>`;
  return {
    kind: 'question thread',
    url: `https://stack.example/questions/${i}/why-worker-never-exits`,
    html,
  };
}

function barePage(site: Site, i: number): CorpusPage {
  const f = filler(site, i);
  const withTitle = i % 2 === 0;
  const html = `<html${site.care >= 2 ? ` lang="${site.lang}"` : ''}><head>${withTitle ? `<title>Notes on caching, part ${i}</title>` : ''}
<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"></head><body>${f.nav}
<h1>Notes on caching, part ${i}</h1><main><p>Back to index</p>${paragraphs('Cache invalidation', 3)}</main>
<p>Last updated sometime.</p>${f.footer}</body></html>`;
  return { kind: 'bare page', url: `http://${site.host}/~user/notes/caching-${i}.html`, html };
}

const KINDS = [
  article,
  blogPost,
  repository,
  packagePage,
  docsPage,
  paper,
  productHome,
  socialPost,
  questionThread,
  barePage,
];

/** Every kind of page from every site: 60 pages. */
export function corpusPages(): CorpusPage[] {
  return KINDS.flatMap((kind, k) => SITES.map((site, s) => kind(site, k * SITES.length + s + 1)));
}
