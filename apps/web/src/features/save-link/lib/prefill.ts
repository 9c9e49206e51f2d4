import { z } from 'zod';
import type { PreIngestionExtractedData } from '@stackyard/contracts/ingestion';
import { httpUrlSchema } from '@stackyard/contracts/common';

/** What the save page starts from: the page's address and title, and the text selected on it (or shared). */
export type SavePrefill = { url: string; title: string; selection: string };

// Limits that keep the posted comment (quote + context line) under the API's 10,000 characters.
export const MAX_TITLE = 300;
export const MAX_COMMENT = 6000;

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/i;
// Sentence punctuation right after a URL in prose belongs to the sentence.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/**
 * Reads /save's query. The bookmarklet sends url, title and the selection as `text`; a share sends what the
 * sharing app chose: Android often puts the URL in `text` (alone or after some words) and leaves `url` out,
 * so a missing `url` is taken from the text, and what remains of the text is kept unless it only repeats
 * the title.
 */
export function prefillOf(params: URLSearchParams): SavePrefill {
  const title = (params.get('title') ?? '').trim().slice(0, MAX_TITLE);
  let url = (params.get('url') ?? '').trim();
  let text = (params.get('text') ?? '').trim();
  if (!url) {
    const found = URL_IN_TEXT.exec(text);
    if (found) {
      url = found[0].replace(TRAILING_PUNCTUATION, '');
      text = `${text.slice(0, found.index)}${text.slice(found.index + url.length)}`.trim();
    }
  }
  if (text === title || text === url) text = '';
  return { url, title, selection: text.slice(0, MAX_COMMENT) };
}

/** The selection as a Markdown quote, so the comment shows it came from the page. */
export function quoteSelection(selection: string): string {
  const trimmed = selection.trim();
  if (!trimmed) return '';
  return trimmed
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${line.trimEnd()}` : '>'))
    .join('\n');
}

/** The line naming the page a comment came from: its original context. */
export function contextLine(title: string, url: string): string {
  const name = title.trim();
  return `— from ${name ? `“${name}”, ${url.trim()}` : url.trim()}`;
}

/** The comment as posted: what was typed, then the context line. */
export function commentWithContext(comment: string, title: string, url: string): string | null {
  const body = comment.trim();
  if (!body) return null;
  return `${body}\n\n${contextLine(title, url)}`;
}

/** The URL field's check, with the contract's message for a URL that is not one (spec §5). */
export const saveUrlSchema = z.string().trim().min(1, 'URL is required').pipe(httpUrlSchema);

/** The submission's hints: the chosen tags and the comment, or none. */
export function hintsOf(tagIds: string[], comment: string | null): PreIngestionExtractedData | null {
  if (tagIds.length === 0 && !comment) return null;
  return {
    ingestion_hints: {
      suggested_workspace_relationships: { linked_tags: tagIds, linked_workspace_projects: [] },
      ...(comment ? { suggested_comment: comment } : {}),
    },
  };
}
