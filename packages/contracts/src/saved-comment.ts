// The comment a save posts with a link, as the web app's save page and the browser extension write it: what
// was selected on the page as a Markdown quote, then a line naming the page it came from. No zod here, so
// the save page and the extension load none.

/** Keeps the posted comment (quote + context line) under the API's 10,000 characters. */
export const MAX_COMMENT = 6000;

/** The selection as a Markdown quote, so the comment shows it came from the page. */
export function quoteSelection(selection: string): string {
  const trimmed = selection.trim().slice(0, MAX_COMMENT);
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

/** The comment as posted: what was typed, then the context line; null when nothing was typed. */
export function commentWithContext(comment: string, title: string, url: string): string | null {
  const body = comment.trim();
  if (!body) return null;
  return `${body}\n\n${contextLine(title, url)}`;
}
