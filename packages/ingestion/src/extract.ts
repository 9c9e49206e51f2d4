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
import { hostToken, nameFromTitle, squash } from './tool-name.ts';

const TITLE_MAX = 300;
const DESCRIPTION_MAX = 1000;

export interface PageMetadata {
  /** The page the metadata was read from (after redirects). */
  url: string;
  title: string | null;
  description: string | null;
  /** An image for cards: Open Graph, Twitter, JSON-LD, link rel, else the site's /favicon.ico. */
  image: string | null;
  siteName: string | null;
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

  const title = clean(meta('og:title', 'twitter:title') ?? jsonLd.headline ?? page.title, TITLE_MAX);
  const description = clean(
    meta('og:description', 'twitter:description', 'description') ?? jsonLd.description,
    DESCRIPTION_MAX,
  );
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
  const siteName = clean(meta('og:site_name', 'application-name'), TITLE_MAX);

  const pageForge = forgeRepository(pageLocation);
  const canonical = resolve(relLink('canonical')) ?? resolve(meta('og:url'));
  const homepage = pageForge
    ? repositoryWebsite(page, resolve, pageLocation)
    : (canonical ?? resolve(jsonLd.url) ?? pageLocation);

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
    clean(pageForge?.name ?? jsonLd.name ?? siteName ?? titleName, 100) ??
    hostToken(homepage?.hostname ?? pageLocation.hostname);

  return ok({
    url: pageLocation.href,
    title,
    description,
    image,
    siteName,
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
