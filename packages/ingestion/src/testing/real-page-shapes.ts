// Pages of the shapes real sites serve that extraction once misread, cut down to the markup that matters.

/** A router's admin page on an IP address: an empty <title>, the name only in its <h1>. */
export const emptyTitleOnIpHost = `<!doctype html><html><head><meta charset="utf-8"><title></title>
<link rel="stylesheet" href="/style.css"></head>
<body><div id="app"><h1>Gateway Admin</h1><p>Sign in to configure the gateway.</p></div></body></html>`;

/** The same page without even a heading. */
export const blankPageOnIpHost = `<!doctype html><html><head><title>  </title></head><body><p>Loading</p></body></html>`;

/** A post on x.com: its JSON-LD WebSite still names the site's former address. */
export const xPost = `<!DOCTYPE html><html dir="ltr" lang="en"><head>
<meta charset="utf-8">
<title>Ada Example on X: "Shipping the new parser today" / X</title>
<meta property="og:title" content="Ada Example on X">
<meta property="og:description" content="Shipping the new parser today">
<meta property="og:site_name" content="X (formerly Twitter)">
<script type="application/ld+json">{"@context":"http://schema.org","@type":"WebSite","@id":"https://twitter.com/#website",
"name":"Twitter","url":"https://twitter.com/","potentialAction":{"@type":"SearchAction","target":"https://twitter.com/search?q={search_term_string}"}}</script>
</head><body><main><article><p>Shipping the new parser today</p></article></main></body></html>`;

/** An Amazon product page: the canonical link sits in <body>, after the page's first markup. */
export const amazonProduct = `<!doctype html><html lang="en-us" class="a-no-js"><head>
<meta charset="utf-8"><title>Amazon.com: Mechanical Keyboard, 87 Keys, Hot-Swappable : Electronics</title>
<meta name="description" content="Buy Mechanical Keyboard, 87 Keys on Amazon.com.">
</head><body>
<div id="a-page"><script>var ue_t0 = ue_t0 || +new Date();</script>
<link rel="canonical" href="https://www.amazon.com/Mechanical-Keyboard-Hot-Swappable/dp/B0EXAMPLE1">
<div id="dp"><h1 id="title"><span id="productTitle">Mechanical Keyboard, 87 Keys, Hot-Swappable</span></h1></div>
</div></body></html>`;

/** A shop page whose title ends with its category, and no publisher signal anywhere. */
export const categorySuffix = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Torque Wrench Set, 3/8 Inch Drive | Automotive</title>
<meta name="description" content="A click-type torque wrench set with a case.">
</head><body><main><h1>Torque Wrench Set</h1></main></body></html>`;

/** A product page whose og:title the site wrote with unescaped quotes, so it reads only "The ". */
export const brokenQuotingOgTitle = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>The "Quiet" Keyboard: silent switches for open offices</title>
<meta property="og:title" content="The "Quiet" Keyboard: silent switches for open offices">
<meta property="og:site_name" content="Keyhaus">
</head><body><main><h1>The "Quiet" Keyboard</h1></main></body></html>`;

/** A blog post dated with microformat-era markup: modified first, published in an <abbr title>. */
export const abbrDatePublished = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Notes on caching</title></head><body><article>
<p class="meta">Updated <time itemprop="dateModified" datetime="2024-06-30T10:00:00Z">June 30, 2024</time>,
first published <abbr class="published" itemprop="datePublished" title="2019-03-14T09:00:00Z">March 14, 2019</abbr></p>
<p>Caches trade memory for time, and staleness for speed; this post is about where the trade goes wrong.</p>
</article></body></html>`;

/** The same post marked with <time itemprop="datePublished"> instead, and a <meta itemprop> one. */
export const timeDatePublished = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Notes on queues</title></head><body><article>
<time itemprop="dateModified" datetime="2024-07-01">July 1, 2024</time>
<time itemprop="datePublished" datetime="2020-02-02">February 2, 2020</time>
</article></body></html>`;

/** A site declaring an apple-touch-icon without sizes and a 96 px icon. */
export const undeclaredTouchIcon = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Icons</title>
<link rel="apple-touch-icon" href="/apple-touch-icon.png">
<link rel="icon" type="image/png" sizes="96x96" href="/favicon-96x96.png">
<link rel="icon" type="image/png" sizes="32x32" href="/favicon-32x32.png">
</head><body><p>Icons</p></body></html>`;
