import { z } from 'zod';
import type { PreIngestionExtractedData } from '@stackyard/contracts/ingestion';
import { httpUrlSchema } from '@stackyard/contracts/common';
import { MAX_COMMENT } from '@stackyard/contracts/saved-comment';

export {
  commentWithContext,
  contextLine,
  MAX_COMMENT,
  quoteSelection,
} from '@stackyard/contracts/saved-comment';

/** What the save page starts from: the page's address and title, and the text selected on it (or shared). */
export type SavePrefill = { url: string; title: string; selection: string };

// The title's limit; the comment's is MAX_COMMENT.
export const MAX_TITLE = 300;

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

/** The URL field's check, with the contract's message for a URL that is not one. */
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
