// A readable copy of a page: its main text as Mozilla Readability finds it on a linkedom DOM, written out
// again through an allow-list of plain elements, so what is stored can be shown inside the app as it is.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { sanitizeArticle, type ArticleNode } from './sanitize-article.ts';

export interface ReadableCopy {
  title: string | null;
  byline: string | null;
  /** Sanitised HTML: only the allow-listed elements, absolute http(s) links, no attributes but href. */
  html: string;
  /** The copy as plain text, for search. */
  text: string;
  /** Whether the copy was cut at the size cap. */
  truncated: boolean;
}

/** At most this much sanitised HTML is kept; a longer article is cut, and says so. */
export const MAX_COPY_BYTES = 512 * 1024;
/** Bigger pages are not read: parsing and scoring grow with the page (the thread also has a time limit). */
const MAX_PAGE_CHARS = 3 * 1024 * 1024;
/** Readability gives up on a page with more elements than this (it throws, which ends as no copy). */
const MAX_ELEMENTS = 20_000;
/** Less text than this is no article (an app shell, a login wall). */
const MIN_TEXT_CHARS = 80;

const clean = (value: string | null | undefined): string | null => {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
};

/**
 * The page's readable copy, or null when the page has no article worth keeping or could not be read within
 * the bounds. Never throws: a hostile page costs the copy, not the job.
 */
export function readableCopy(html: string, pageUrl: string): ReadableCopy | null {
  if (html.length > MAX_PAGE_CHARS) return null;
  try {
    const { document } = parseHTML(html);
    const article = new Readability(document, {
      maxElemsToParse: MAX_ELEMENTS,
      // The element itself, so it is sanitised from the DOM rather than parsed again.
      serializer: (node: unknown) => node,
    }).parse() as { title?: string | null; byline?: string | null; content?: unknown } | null;
    if (!article?.content) return null;
    const sanitized = sanitizeArticle(article.content as ArticleNode, pageUrl, MAX_COPY_BYTES);
    if (sanitized.text.length < MIN_TEXT_CHARS) return null;
    return {
      title: clean(article.title),
      byline: clean(article.byline),
      html: sanitized.html,
      text: sanitized.text,
      truncated: sanitized.truncated,
    };
  } catch {
    return null;
  }
}
