// The facts of a page beyond its name and links: its icon (candidates, best first), a real preview image, the
// site or publisher it belongs to, author, publication date and language. Each is read from the markup a page
// declares, in the order the best open-source extractors trust them; nothing is guessed from the look of a URL,
// except the /favicon.ico that browsers ask for, offered last as a candidate for the fetcher to check.
import type { ScannedLink, ScannedPage } from './html-scan.ts';
import type { JsonLdFacts } from './json-ld.ts';
import { squash } from './tool-name.ts';

type Meta = (...keys: string[]) => string | null;
type Resolve = (href: string | null | undefined) => URL | null;

const ICON_RELS = ['icon', 'apple-touch-icon', 'apple-touch-icon-precomposed'];
// An apple-touch-icon without sizes is whatever file the site put there, often an old 57 px one: it counts as
// that smallest touch icon, so any icon declaring a larger size goes first. A bare rel=icon is usually the 16
// or 32 px favicon.
const APPLE_DEFAULT_SIZE = 57;
const ICON_DEFAULT_SIZE = 16;

/** The largest edge a `sizes` attribute declares; `any` (a scalable icon) counts as the largest of all. */
function declaredSize(link: ScannedLink): number {
  const sizes = (link.sizes ?? '').toLowerCase();
  if (sizes.split(/\s+/).includes('any')) return Number.MAX_SAFE_INTEGER;
  const edges = [...sizes.matchAll(/(\d+)x(\d+)/g)].map((match) =>
    Math.max(Number(match[1]), Number(match[2])),
  );
  if (edges.length > 0) return Math.max(...edges);
  return link.rel.some((rel) => rel.startsWith('apple-touch-icon')) ? APPLE_DEFAULT_SIZE : ICON_DEFAULT_SIZE;
}

const isSvg = (link: ScannedLink, url: URL) =>
  link.type?.trim().toLowerCase() === 'image/svg+xml' || url.pathname.toLowerCase().endsWith('.svg');

/**
 * The page's icons, best first: declared SVG icons, then the others by their declared size, then the JSON-LD
 * logo, then /favicon.ico of the page's origin (which may not exist: the fetcher checks it before keeping it).
 */
export function iconCandidates(
  page: ScannedPage,
  resolve: Resolve,
  jsonLd: JsonLdFacts,
  origin: URL,
): string[] {
  const declared = page.links
    .filter((link) => link.rel.some((rel) => ICON_RELS.includes(rel)))
    .map((link, order) => ({ link, order, url: resolve(link.href) }))
    .filter((item): item is { link: ScannedLink; order: number; url: URL } => item.url !== null)
    .map((item) => ({ ...item, svg: isSvg(item.link, item.url), size: declaredSize(item.link) }))
    .sort((a, b) => Number(b.svg) - Number(a.svg) || b.size - a.size || a.order - b.order)
    .map((item) => item.url.href);
  const logo = resolve(jsonLd.logo)?.href;
  const favicon = new URL('/favicon.ico', origin).href;
  return [...new Set([...declared, ...(logo ? [logo] : []), favicon])];
}

/**
 * A preview for cards: Open Graph, Twitter, JSON-LD image or screenshot, `rel=image_src`. Never an icon: a
 * preview that is one of the page's icons is none.
 */
export function previewImage(
  meta: Meta,
  page: ScannedPage,
  resolve: Resolve,
  jsonLd: JsonLdFacts,
  icons: string[],
) {
  const imageSrc = page.links.find((link) => link.rel.includes('image_src'))?.href;
  const sources = [
    meta('og:image', 'og:image:url', 'og:image:secure_url'),
    meta('twitter:image', 'twitter:image:src'),
    jsonLd.previewImage,
    imageSrc,
  ];
  const declaredIcons = new Set(icons.slice(0, -1));
  for (const source of sources) {
    const url = resolve(source);
    if (url && !declaredIcons.has(url.href)) return url.href;
  }
  return null;
}

const TITLE_SUFFIX = /\s+[|\-–—·•»:]\s+([^|\-–—·•»:]+)$/;
const SUFFIX_MAX = 40;

/**
 * The site or publisher: og:site_name, JSON-LD publisher, `publisher` / `application-name`, an app link's
 * name, then the title's last part after a separator ("How we ship | Fieldnotes Blog" → "Fieldnotes Blog")
 * when something else names the site so too: the host ("fieldnotes.example") or the JSON-LD name of the site.
 * Shops and news sites end titles with a section ("… | Automotive"), which is no publisher.
 */
export function publisherName(
  meta: Meta,
  jsonLd: JsonLdFacts,
  title: string | null,
  siteTokens: string[],
): string | null {
  const declared =
    meta('og:site_name') ??
    jsonLd.publisherName ??
    meta('publisher', 'application-name', 'al:ios:app_name', 'al:android:app_name', 'al:web:app_name');
  if (declared) return declared;
  const suffix = title ? TITLE_SUFFIX.exec(title.trim())?.[1]?.trim() : undefined;
  if (!suffix || suffix.length > SUFFIX_MAX) return null;
  const word = squash(suffix);
  if (word.length < 3) return null;
  const agrees = siteTokens
    .map(squash)
    .some((token) => token.length >= 3 && (word.includes(token) || token.includes(word)));
  return agrees ? suffix : null;
}

/** A person's name, never a profile URL (article:author often holds one). */
export function authorName(meta: Meta, jsonLd: JsonLdFacts): string | null {
  const candidates = [
    jsonLd.author,
    meta('author'),
    meta('citation_author'),
    meta('dc.creator', 'dcterms.creator'),
    meta('article:author'),
  ];
  return candidates.find((name) => name && !/^https?:\/\//i.test(name.trim()))?.trim() ?? null;
}

// Dates before the web or more than a day ahead are a template's placeholder, not a publication date.
const EARLIEST = Date.UTC(1990, 0, 1);
const DAY_MS = 86_400_000;

function isoDate(value: string | null | undefined, now: number): string | null {
  // Scholarly metadata writes 2019/05/14 or 2019/05; ISO 8601 reads 2019-05-14.
  const text = value
    ?.trim()
    .replace(/^(\d{4})\/(\d{1,2})(?:\/(\d{1,2}))?$/, (_, y: string, m: string, d?: string) =>
      [y, m.padStart(2, '0'), ...(d ? [d.padStart(2, '0')] : [])].join('-'),
    );
  if (!text) return null;
  const time = Date.parse(/^\d{4}$/.test(text) ? `${text}-01-01` : text);
  if (Number.isNaN(time) || time < EARLIEST || time > now + DAY_MS) return null;
  return new Date(time).toISOString();
}

/** When the page was published, as an ISO timestamp. */
export function publishedAt(meta: Meta, jsonLd: JsonLdFacts, page: ScannedPage, now = Date.now()) {
  const candidates = [
    meta('article:published_time', 'og:article:published_time'),
    jsonLd.datePublished,
    meta('citation_publication_date', 'citation_date', 'citation_online_date'),
    meta('dc.date', 'dcterms.date', 'dc.date.issued', 'datepublished'),
    page.itemDatePublished,
    page.time,
  ];
  for (const candidate of candidates) {
    const date = isoDate(candidate, now);
    if (date) return date;
  }
  return null;
}

/** A BCP 47 tag ("en", "pt-BR") from `<html lang>`, else og:locale ("en_US") or Content-Language. */
export function language(meta: Meta, page: ScannedPage): string | null {
  for (const candidate of [page.lang, meta('og:locale'), meta('content-language', 'language')]) {
    const tag = candidate?.trim().replace(/_/g, '-').split(',')[0]?.trim();
    if (!tag || !/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(tag)) continue;
    const [primary = '', ...rest] = tag.split('-');
    return [
      primary.toLowerCase(),
      ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part)),
    ].join('-');
  }
  return null;
}

// Second-level labels under which a country's registry sells names: example.co.uk is one site, not co.uk.
const SHARED_SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'ac', 'gov', 'edu', 'ne', 'or', 'go']);

/** The registrable part of a host name ("docs.example.co.uk" → "example.co.uk"), without a public suffix list. */
function siteOf(hostname: string): string {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return hostname;
  const labels = hostname.toLowerCase().replace(/\.$/, '').split('.');
  const shared =
    labels.length > 2 && labels.at(-1)?.length === 2 && SHARED_SECOND_LEVEL.has(labels.at(-2) ?? '');
  return labels.slice(shared ? -3 : -2).join('.');
}

/** Whether two URLs belong to one site: a canonical elsewhere is a page claiming to be another site's. */
export const sameSite = (a: URL, b: URL) => siteOf(a.hostname) === siteOf(b.hostname);
