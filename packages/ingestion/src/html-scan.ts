// One streaming pass over the HTML (htmlparser2's tokenizer, no DOM) collecting the raw facts metadata is
// chosen from. Nothing here fetches or evaluates anything: scripts are only read when they are JSON-LD.
import { Parser } from 'htmlparser2';

/** Bounds the work a hostile page can cause: enough for any real page's head and navigation. */
const MAX_ANCHORS = 5000;
const MAX_JSON_LD_BYTES = 512 * 1024;
/** Text kept of the first <h1> and of a paragraph being read. */
const MAX_TEXT = 2000;
/** A paragraph of <main>/<article> shorter than this is a caption or a byline, not a description. */
const PARAGRAPH_MIN = 80;
/** Elements that only appear in a body: a page that omits <body> has left its head at the first of them. */
const BODY_ELEMENTS = new Set([
  'body',
  'div',
  'main',
  'article',
  'section',
  'header',
  'nav',
  'footer',
  'p',
  'h1',
  'a',
  'img',
]);
/** Paragraphs looked at inside <main>/<article> before giving up on one that reads as a description. */
const MAX_PARAGRAPHS = 10;

export interface ScannedLink {
  rel: string[];
  href: string;
  sizes: string | null;
  type: string | null;
  /** Declared before <body>: only there does a page speak for itself (canonical). */
  inHead: boolean;
}

export interface ScannedAnchor {
  href: string;
  attributes: Record<string, string>;
}

export interface ScannedPage {
  title: string | null;
  /** `<meta>` content by lower-cased name, property or itemprop; the first one of each wins. */
  meta: Map<string, string>;
  links: ScannedLink[];
  anchors: ScannedAnchor[];
  /** Parsed JSON-LD blocks (invalid ones are skipped). */
  jsonLd: unknown[];
  baseHref: string | null;
  /** Characters of visible text in <body>, to tell an empty interstitial from a real page. */
  bodyTextLength: number;
  /** `<html lang>`. */
  lang: string | null;
  /** The text of the first <h1>. */
  firstHeading: string | null;
  /** The first paragraph of at least PARAGRAPH_MIN characters inside <main> or <article>. */
  leadParagraph: string | null;
  /** The first `<time datetime>` that is not marked as the date the page was modified. */
  time: string | null;
  /** The first microdata `itemprop="datePublished"` (`<time>`, `<abbr>`…): its datetime, content or title. */
  itemDatePublished: string | null;
}

export function scanHtml(html: string): ScannedPage {
  const page: ScannedPage = {
    title: null,
    meta: new Map(),
    links: [],
    anchors: [],
    jsonLd: [],
    baseHref: null,
    bodyTextLength: 0,
    lang: null,
    firstHeading: null,
    leadParagraph: null,
    time: null,
    itemDatePublished: null,
  };
  let headingText: string | null = null;
  let paragraphText: string | null = null;
  let paragraphs = 0;
  let mainDepth = 0;
  let titleText: string | null = null;
  let jsonLdText: string | null = null;
  let jsonLdBytes = 0;
  let svgDepth = 0;
  let inBody = false;
  let pastHead = false;
  let skipText = 0;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'svg') svgDepth++;
        if (name === 'body') inBody = true;
        if (BODY_ELEMENTS.has(name)) pastHead = true;
        if (name === 'script' || name === 'style' || name === 'noscript' || name === 'template') skipText++;
        if (name === 'main' || name === 'article') mainDepth++;
        if (name === 'html' && attributes.lang !== undefined && page.lang === null)
          page.lang = attributes.lang;
        if (name === 'h1' && page.firstHeading === null && headingText === null) headingText = '';
        if (name === 'p' && mainDepth > 0 && page.leadParagraph === null && paragraphs < MAX_PARAGRAPHS) {
          paragraphText = '';
        }
        const itemprop = attributes.itemprop?.trim().toLowerCase();
        if (itemprop === 'datepublished' && page.itemDatePublished === null) {
          page.itemDatePublished = attributes.datetime ?? attributes.content ?? attributes.title ?? null;
        }
        // A page that shows when it was updated first must not pass that off as its publication date.
        if (name === 'time' && attributes.datetime && page.time === null && itemprop !== 'datemodified') {
          page.time = attributes.datetime;
        }
        if (name === 'title' && svgDepth === 0 && page.title === null) titleText = '';
        else if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? attributes.itemprop ?? '')
            .trim()
            .toLowerCase();
          const content = attributes.content;
          if (key && content !== undefined && !page.meta.has(key)) page.meta.set(key, content);
        } else if (name === 'link' && attributes.href) {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
          page.links.push({
            rel,
            href: attributes.href,
            sizes: attributes.sizes ?? null,
            type: attributes.type ?? null,
            inHead: !pastHead,
          });
        } else if (name === 'a' && attributes.href && page.anchors.length < MAX_ANCHORS) {
          page.anchors.push({ href: attributes.href, attributes });
        } else if (name === 'base' && attributes.href && page.baseHref === null) {
          page.baseHref = attributes.href;
        } else if (name === 'script' && attributes.type?.trim().toLowerCase() === 'application/ld+json') {
          jsonLdText = '';
        }
      },
      ontext(text) {
        if (titleText !== null) titleText += text;
        else if (jsonLdText !== null) {
          jsonLdBytes += text.length;
          if (jsonLdBytes <= MAX_JSON_LD_BYTES) jsonLdText += text;
        } else if (skipText === 0) {
          if (inBody) page.bodyTextLength += text.trim().length;
          if (headingText !== null && headingText.length < MAX_TEXT) headingText += text;
          if (paragraphText !== null && paragraphText.length < MAX_TEXT) paragraphText += text;
        }
      },
      onclosetag(name) {
        if (name === 'svg' && svgDepth > 0) svgDepth--;
        if (name === 'script' || name === 'style' || name === 'noscript' || name === 'template') {
          skipText = Math.max(0, skipText - 1);
        }
        if ((name === 'main' || name === 'article') && mainDepth > 0) mainDepth--;
        if (name === 'h1' && headingText !== null) {
          page.firstHeading = headingText.replace(/\s+/g, ' ').trim() || null;
          headingText = null;
        } else if (name === 'p' && paragraphText !== null) {
          const text = paragraphText.replace(/\s+/g, ' ').trim();
          paragraphs++;
          if (text.length >= PARAGRAPH_MIN) page.leadParagraph = text;
          paragraphText = null;
        }
        if (name === 'title' && titleText !== null) {
          page.title = titleText;
          titleText = null;
        } else if (name === 'script' && jsonLdText !== null) {
          const parsed = parseJson(jsonLdText);
          if (parsed !== undefined) page.jsonLd.push(parsed);
          jsonLdText = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return page;
}

function parseJson(text: string): unknown {
  try {
    // Some sites wrap JSON-LD in HTML comments or CDATA markers left over from XHTML days.
    return JSON.parse(text.replace(/^\s*(<!--|\/\/<!\[CDATA\[)/, '').replace(/(-->|\/\/\]\]>)\s*$/, ''));
  } catch {
    return undefined;
  }
}
