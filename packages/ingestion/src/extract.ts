// Metadata of a fetched HTML page: what a tool or resource is called, says about itself, looks like, and
// where its homepage, repository, community and packages are. Pure: it reads the HTML it is given and
// never fetches (images, icons and linked pages are only reported as URLs).
import type { IncomingHttpHeaders } from 'node:http';
import { slugify } from '@stackyard/contracts/slug';
import { detectBotChallenge } from './bot-challenge.ts';
import { fail, ok, type Result } from './failure.ts';
import { scanHtml, type ScannedPage } from './html-scan.ts';
import { readJsonLd } from './json-ld.ts';
import {
  crate,
  discordInvite,
  forgeRepository,
  npmPackage,
  pypiProject,
  slackJoin,
  type RecognisedLink,
} from './link-patterns.ts';
import {
  authorName,
  iconCandidates,
  language,
  previewImage,
  publishedAt,
  publisherName,
  sameSite,
} from './page-facts.ts';
import { hostToken, nameFromTitle, squash } from './tool-name.ts';

const TITLE_MAX = 300;
const DESCRIPTION_MAX = 1000;
/** An og:description shorter than this ("Home", "Docs") gives way to a meta description twice as long. */
const SHORT_DESCRIPTION = 30;
const AUTHOR_MAX = 200;

export interface PageMetadata {
  /** The page the metadata was read from (after redirects). */
  url: string;
  title: string | null;
  description: string | null;
  /**
   * An image for cards: Open Graph, Twitter, JSON-LD, link rel, else the site's /favicon.ico. Kept for the
   * stored tools; new code takes previewImage and iconCandidates, which do not mix the two.
   */
  image: string | null;
  /** A real preview (Open Graph, Twitter, JSON-LD image, rel=image_src); never an icon or a guess. */
  previewImage: string | null;
  /** Icons best first (SVG, then by declared size, JSON-LD logo), /favicon.ico last: the fetcher checks them. */
  iconCandidates: string[];
  /** og:site_name or application-name. */
  siteName: string | null;
  /** The site or publisher, with every fallback: og:site_name, JSON-LD publisher, meta tags, title suffix. */
  publisher: string | null;
  author: string | null;
  /** ISO 8601 timestamp. */
  publishedAt: string | null;
  /** BCP 47 language tag, e.g. "en", "pt-BR". */
  language: string | null;
  /** The tool's homepage: the page's canonical URL, or for a repository page its website (if any). */
  homepageUrl: string | null;
  /** The source repository: the page itself if it is one, else the one the page links to. */
  forgeUrl: string | null;
  communityLinks: { discordUrl: string | null; slackUrl: string | null };
  registryLinks: { npmUrl: string | null; pypiUrl: string | null; cratesUrl: string | null };
  suggestedName: string;
  suggestedSlug: string;
}

export interface ExtractContext {
  /** Response headers, which can also mark a challenge page (cf-mitigated). */
  headers?: IncomingHttpHeaders;
}

function clean(value: string | null | undefined, max: number): string | null {
  const text = value?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

interface Candidate {
  url: URL;
  weight: number;
}

/** The best of the links one recogniser accepts: most weight, then most like the page's own name. */
function best(
  candidates: Candidate[],
  recognise: (url: URL) => RecognisedLink | null,
  affinity: string[],
): RecognisedLink | null {
  const scores = new Map<string, { link: RecognisedLink; score: number; order: number }>();
  for (const { url, weight } of candidates) {
    const link = recognise(url);
    if (!link) continue;
    const key = link.url.toLowerCase();
    const entry = scores.get(key);
    if (entry) entry.score += weight;
    else {
      const names = [squash(link.name), squash(link.owner)].filter(Boolean);
      const related = affinity.some((token) => names.some((name) => name === token || name.includes(token)));
      scores.set(key, { link, score: weight + (related ? 5 : 0), order: scores.size });
    }
  }
  const ranked = [...scores.values()].sort((a, b) => b.score - a.score || a.order - b.order);
  return ranked[0]?.link ?? null;
}

/** On a repository page, the website the repository names (GitHub's About link carries title = href). */
function repositoryWebsite(page: ScannedPage, resolve: (href: string) => URL | null, forge: URL): URL | null {
  for (const anchor of page.anchors) {
    const url = resolve(anchor.href);
    if (!url || url.hostname === forge.hostname || forgeRepository(url)) continue;
    const { title, itemprop, rel } = anchor.attributes;
    const marked = title?.trim() === anchor.href.trim() || itemprop === 'url';
    if (marked && (rel ?? '').includes('nofollow')) return url;
  }
  return null;
}

/**
 * A short og:description ("Docs") gives way to a meta description at least twice as long; a page without any
 * takes the first substantial paragraph of its <main> or <article>.
 */
function pickDescription(
  meta: (...keys: string[]) => string | null,
  jsonLd: string | null,
  leadParagraph: string | null,
): string | null {
  const social = meta('og:description', 'twitter:description');
  const plain = meta('description', 'citation_abstract', 'dc.description');
  if (social && plain && social.length < SHORT_DESCRIPTION && plain.length >= 2 * social.length) return plain;
  return social ?? plain ?? jsonLd ?? leadParagraph;
}

/**
 * The og:title (or twitter:title), unless the site's own quoting cut it short: content="The "Best" Widget"
 * reads "The ", and the <title> that starts with it and goes on with a quote mark is the whole one.
 */
function wholeSocialTitle(social: string | null, documentTitle: string | null): string | null {
  if (!social || !documentTitle) return social;
  const cut = social.replace(/\s+/g, ' ').trim();
  const whole = documentTitle.replace(/\s+/g, ' ').trim();
  const rest = whole.startsWith(cut) ? whole.slice(cut.length) : '';
  return /^\s*["'“”‘’]/.test(rest) ? documentTitle : social;
}

/**
 * A product of a family of tools: og:site_name "TanStack" and title "TanStack Query" make "TanStack Query",
 * not "TanStack". Otherwise the site name.
 */
function productName(siteName: string | null, titleName: string | null): string | null {
  if (!siteName || !titleName) return siteName;
  const site = squash(siteName);
  const product = squash(titleName);
  return site && product.length > site.length && product.startsWith(site) ? titleName : siteName;
}

export function extractMetadata(
  html: string,
  pageUrl: string,
  context: ExtractContext = {},
): Result<PageMetadata> {
  const page = scanHtml(html);
  const challenge = detectBotChallenge({
    title: page.title,
    html,
    bodyTextLength: page.bodyTextLength,
    ...(context.headers ? { headers: context.headers } : {}),
  });
  if (challenge) return fail('bot_challenge', { url: pageUrl, detail: challenge });

  const pageLocation = new URL(pageUrl);
  const base =
    page.baseHref && URL.canParse(page.baseHref.trim(), pageUrl)
      ? new URL(page.baseHref.trim(), pageUrl)
      : pageLocation;
  const resolve = (href: string | null | undefined): URL | null => {
    const text = href?.trim();
    if (!text || !URL.canParse(text, base.href)) return null;
    const url = new URL(text, base.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  };
  const meta = (...keys: string[]) => {
    for (const key of keys) {
      const value = page.meta.get(key)?.trim();
      if (value) return value;
    }
    return null;
  };
  const jsonLd = readJsonLd(page.jsonLd);

  const documentTitle = page.title?.trim() ? page.title : null;
  // Scholarly pages title the paper in citation_title / dc.title and the journal in og:title.
  const title = clean(
    meta('citation_title', 'dc.title', 'dcterms.title') ??
      wholeSocialTitle(meta('og:title', 'twitter:title'), documentTitle) ??
      jsonLd.headline ??
      documentTitle ??
      page.firstHeading,
    TITLE_MAX,
  );
  const description = clean(pickDescription(meta, jsonLd.description, page.leadParagraph), DESCRIPTION_MAX);
  const relLink = (...rels: string[]) =>
    rels.map((rel) => page.links.find((link) => link.rel.includes(rel))?.href).find(Boolean) ?? null;
  const imageSources = [
    meta('og:image', 'og:image:url', 'og:image:secure_url'),
    meta('twitter:image', 'twitter:image:src'),
    jsonLd.image,
    relLink('image_src'),
    relLink('apple-touch-icon', 'apple-touch-icon-precomposed'),
    relLink('icon'),
    '/favicon.ico',
  ];
  const image = imageSources.map((source) => resolve(source)).find((url) => url !== null)?.href ?? null;
  const icons = iconCandidates(page, resolve, jsonLd, pageLocation);
  const siteName = clean(meta('og:site_name', 'application-name'), TITLE_MAX);

  const pageForge = forgeRepository(pageLocation);
  // A canonical on another site (link, og:url or the JSON-LD url of a WebSite) is a copy claiming to be
  // elsewhere, or the site's former name (x.com pages declare https://twitter.com/). The head speaks for the
  // page; a canonical link in <body> (Amazon's product pages) counts when the head has none.
  const canonicalLinks = page.links.filter((link) => link.rel.includes('canonical'));
  const canonical = [
    resolve((canonicalLinks.find((link) => link.inHead) ?? canonicalLinks[0])?.href),
    resolve(meta('og:url')),
    resolve(jsonLd.url),
  ].find((url) => url !== null && sameSite(url, pageLocation));
  const homepage = pageForge ? repositoryWebsite(page, resolve, pageLocation) : (canonical ?? pageLocation);

  const candidates: Candidate[] = [
    ...(pageForge ? [{ url: pageLocation, weight: 100 }] : []),
    ...jsonLd.ownLinks.map((href) => ({ url: resolve(href), weight: 10 })),
    ...page.links.map((link) => ({ url: resolve(link.href), weight: 2 })),
    ...page.anchors.map((anchor) => ({ url: resolve(anchor.href), weight: 1 })),
  ].filter((candidate): candidate is Candidate => candidate.url !== null);

  const titleName = title ? nameFromTitle(title, pageLocation.hostname) : null;
  const affinity = [hostToken(homepage?.hostname ?? pageLocation.hostname), jsonLd.name, siteName, titleName]
    .map((token) => squash(token ?? ''))
    .filter((token) => token.length >= 3);
  const forge = best(candidates, forgeRepository, affinity);
  const name =
    clean(pageForge?.name ?? jsonLd.name ?? productName(siteName, titleName) ?? titleName, 100) ??
    hostToken(homepage?.hostname ?? pageLocation.hostname);

  return ok({
    url: pageLocation.href,
    title,
    description,
    image,
    previewImage: previewImage(meta, page, resolve, jsonLd, icons),
    iconCandidates: icons,
    siteName,
    publisher: clean(
      publisherName(meta, jsonLd, documentTitle, [hostToken(pageLocation.hostname), jsonLd.name ?? '']),
      TITLE_MAX,
    ),
    author: clean(authorName(meta, jsonLd), AUTHOR_MAX),
    publishedAt: publishedAt(meta, jsonLd, page),
    language: language(meta, page),
    homepageUrl: homepage?.href ?? null,
    forgeUrl: forge?.url ?? null,
    communityLinks: {
      discordUrl: best(candidates, discordInvite, affinity)?.url ?? null,
      slackUrl: best(candidates, slackJoin, affinity)?.url ?? null,
    },
    registryLinks: {
      npmUrl: best(candidates, npmPackage, affinity)?.url ?? null,
      pypiUrl: best(candidates, pypiProject, affinity)?.url ?? null,
      cratesUrl: best(candidates, crate, affinity)?.url ?? null,
    },
    suggestedName: name,
    suggestedSlug: slugify(name, 'tool'),
  });
}
