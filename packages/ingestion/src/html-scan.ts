// One streaming pass over the HTML (htmlparser2's tokenizer, no DOM) collecting the raw facts metadata is
// chosen from. Nothing here fetches or evaluates anything: scripts are only read when they are JSON-LD.
import { Parser } from 'htmlparser2';

/** Bounds the work a hostile page can cause: enough for any real page's head and navigation. */
const MAX_ANCHORS = 5000;
const MAX_JSON_LD_BYTES = 512 * 1024;

export interface ScannedLink {
  rel: string[];
  href: string;
  sizes: string | null;
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
  };
  let titleText: string | null = null;
  let jsonLdText: string | null = null;
  let jsonLdBytes = 0;
  let svgDepth = 0;
  let inBody = false;
  let skipText = 0;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'svg') svgDepth++;
        if (name === 'body') inBody = true;
        if (name === 'script' || name === 'style' || name === 'noscript' || name === 'template') skipText++;
        if (name === 'title' && svgDepth === 0 && page.title === null) titleText = '';
        else if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? attributes.itemprop ?? '')
            .trim()
            .toLowerCase();
          const content = attributes.content;
          if (key && content !== undefined && !page.meta.has(key)) page.meta.set(key, content);
        } else if (name === 'link' && attributes.href) {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
          page.links.push({ rel, href: attributes.href, sizes: attributes.sizes ?? null });
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
        } else if (inBody && skipText === 0) page.bodyTextLength += text.trim().length;
      },
      onclosetag(name) {
        if (name === 'svg' && svgDepth > 0) svgDepth--;
        if (name === 'script' || name === 'style' || name === 'noscript' || name === 'template') {
          skipText = Math.max(0, skipText - 1);
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
