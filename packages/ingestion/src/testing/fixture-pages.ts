// Pages shaped like the ones ingestion meets in the wild: a tool homepage with every kind of metadata, pages
// with only one kind, a repository page, challenge interstitials, other charsets.

export const toolHomepage = (origin: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Rocket | Ship static sites at the speed of light</title>
  <meta name="description" content="Plain description that Open Graph should win over.">
  <meta property="og:title" content="Rocket — static sites, fast">
  <meta property="og:description" content="Rocket builds &amp; ships static sites in milliseconds.">
  <meta property="og:image" content="/assets/og-card.png">
  <meta property="og:site_name" content="Rocket">
  <meta property="og:url" content="${origin}/">
  <meta name="twitter:card" content="summary_large_image">
  <meta name="twitter:title" content="Rocket on Twitter">
  <link rel="canonical" href="${origin}/">
  <link rel="icon" href="/favicon-32.png" sizes="32x32">
  <script type="application/ld+json">
    {"@context":"https://schema.org","@type":"SoftwareApplication","name":"Rocket",
     "applicationCategory":"DeveloperApplication","codeRepository":"https://github.com/rocket-dev/rocket"}
  </script>
  <script>window.analytics = { title: "<title>not a title</title>" };</script>
</head>
<body>
  <header><nav>
    <a href="/docs/">Docs</a>
    <a href="https://github.com/rocket-dev/rocket">GitHub</a>
    <a href="https://discord.gg/rocketchat">Discord</a>
  </nav></header>
  <main>
    <h1>Rocket</h1>
    <p>Rocket is built on <a href="https://github.com/vitejs/vite">Vite</a> and
       <a href="https://github.com/evanw/esbuild/tree/main/pkg">esbuild</a>.</p>
    <pre>npm i rocket</pre>
    <p>Install from <a href="https://www.npmjs.com/package/rocket">npm</a>,
       <a href="https://pypi.org/project/rocket-py/">PyPI</a> or
       <a href="https://crates.io/crates/rocket-rs">crates.io</a>.</p>
    <svg><title>decorative icon title</title></svg>
  </main>
  <footer>
    <a href="https://join.slack.com/t/rocket-community/shared_invite/zt-abc123">Slack</a>
    <a href="https://github.com/rocket-dev/rocket/issues">Issues</a>
    <a href="https://github.com/sponsors/rocket-dev">Sponsor</a>
  </footer>
</body>
</html>`;

export const twitterOnly = `<!doctype html><html><head>
<meta name="twitter:title" content="Comet CLI">
<meta name="twitter:description" content="A command line for comets.">
<meta name="twitter:image" content="https://cdn.comet.example/card.jpg">
<title>ignored title</title>
</head><body><p>Comet</p></body></html>`;

export const jsonLdOnly = `<!doctype html><html><head>
<title>Nebula - Home</title>
<script type="application/ld+json">
{"@context":"https://schema.org","@graph":[
  {"@type":"WebPage","name":"Home","url":"https://nebula.example/"},
  {"@type":"SoftwareApplication","name":"Nebula","description":"Nebula keeps your clusters tidy.",
   "image":{"@type":"ImageObject","url":"/img/nebula.png"},
   "sameAs":["https://gitlab.com/nebula-group/tools/nebula","https://discord.com/invite/nebula42"]}
]}
</script>
</head><body><p>Nebula</p></body></html>`;

export const plainPage = `<!DOCTYPE html>
<html><head>
<TITLE>  Getting   started
  | Pulsar </TITLE>
<META NAME="Description" CONTENT="Pulsar is a tiny event bus.">
<link rel="shortcut icon" href="static/pulsar.ico">
</head><body><p>Welcome to Pulsar.</p></body></html>`;

export const bareTitle = `<html><head><title>Quasar</title></head><body>Hello</body></html>`;

export const baseHrefPage = `<!doctype html><html><head>
<base href="https://cdn.orbit.example/site/">
<title>Orbit</title>
<meta property="og:image" content="img/card.png">
</head><body><a href="../docs">docs</a></body></html>`;

export const repositoryPage = `<!DOCTYPE html>
<html lang="en"><head>
<title>GitHub - acme/rocket-engine: The engine behind Rocket</title>
<meta name="description" content="The engine behind Rocket. Contribute to acme/rocket-engine by creating an account on GitHub.">
<meta property="og:title" content="GitHub - acme/rocket-engine: The engine behind Rocket">
<meta property="og:image" content="https://opengraph.githubassets.com/1/acme/rocket-engine">
<meta property="og:site_name" content="GitHub">
<meta property="og:url" content="https://github.com/acme/rocket-engine">
</head><body>
<a href="/acme/rocket-engine/issues">Issues</a>
<a href="https://github.com/other/dependency">dependency</a>
<div class="BorderGrid-cell"><h2>About</h2><p>The engine behind Rocket</p>
<span><a title="https://rocket-engine.example" role="link" target="_blank" rel="noopener noreferrer nofollow"
   class="text-bold" href="https://rocket-engine.example">rocket-engine.example</a></span></div>
<a href="https://discord.gg/acme">chat</a>
</body></html>`;

export const cloudflareChallenge = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"><meta name="robots" content="noindex,nofollow"></head>
<body><div class="main-wrapper" role="main"><div class="main-content">
<noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript>
</div></div><script>(function(){window._cf_chl_opt={cvId: '3',cZone: "example.com",cType: 'managed'};}());</script>
</body></html>`;

export const attentionRequired = `<!DOCTYPE html><html><head>
<title>Attention Required! | Cloudflare</title></head><body><h1>Sorry, you have been blocked</h1></body></html>`;

export const ddosGuard = `<!doctype html><html><head><title>DDoS-Guard</title></head>
<body><script src="/.well-known/ddos-guard/check?context=free_splash"></script></body></html>`;

export const ellipsisChallenge = `<html><head><title>Just a moment…</title></head><body></body></html>`;

/** A Latin-1 page; served as windows-1252 bytes. */
export const latin1Page = `<html><head><title>Café Crème - outils</title>
<meta name="description" content="Élégant, rapide, sûr."></head><body>Voilà</body></html>`;

/** A Shift_JIS page whose only charset declaration is the <meta>; bytes built in the fixture server. */
export const shiftJisTitle = 'ロケット ツール';

export const notFoundPage = `<!doctype html><html><head><title>404 Not Found</title></head>
<body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>`;

/** An article: its site, author, date and language; an SVG icon (preferred) and a preview. */
export const articlePage = `<!doctype html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <title>Shipping static sites in 2026 | Launch Notes</title>
  <meta property="og:title" content="Shipping static sites in 2026">
  <meta property="og:description" content="What changed in static hosting this year, and what did not.">
  <meta property="og:image" content="/assets/og-card.png">
  <meta property="og:site_name" content="Launch Notes">
  <meta property="article:published_time" content="2026-03-14T09:30:00Z">
  <meta name="author" content="Ada Byron">
  <link rel="icon" href="/favicon-32.png" sizes="32x32">
  <link rel="icon" href="/images/scripted.svg" type="image/svg+xml">
</head>
<body><main><article><h1>Shipping static sites in 2026</h1><p>Static hosting grew up.</p></article></main></body>
</html>`;

/** A tool page whose only icon and preview are on private addresses: neither may be fetched. */
export const privateImagesPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Quiet Tool</title>
  <meta property="og:image" content="http://10.0.0.7/card.png">
  <link rel="icon" href="http://169.254.169.254/latest/meta-data/icon.png">
</head><body><h1>Quiet Tool</h1></body></html>`;
