export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;

/**
 * A URL's end as a reader means it: sentence punctuation after it is not part of it, nor a closing
 * bracket that no bracket inside the URL opened ("(see https://a.example/x)").
 */
function trimUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if (last && '.,;:!?*'.includes(last)) {
      end -= 1;
      continue;
    }
    const pair = last === ')' ? '(' : last === ']' ? '[' : null;
    if (pair && last) {
      const head = url.slice(0, end);
      if (head.split(pair).length < head.split(last).length) {
        end -= 1;
        continue;
      }
    }
    return url.slice(0, end);
  }
}

/** Splits plain text into text and http(s) URLs, so a URL can be shown as a link and the rest as text. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let index = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    if (!URL.canParse(url)) continue;
    if (match.index > index) parts.push({ kind: 'text', text: text.slice(index, match.index) });
    parts.push({ kind: 'link', text: url, href: url });
    index = match.index + url.length;
  }
  if (index < text.length) parts.push({ kind: 'text', text: text.slice(index) });
  return parts;
}
