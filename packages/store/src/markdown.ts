// Escaping for the generated Markdown and YAML front matter. Workspace data is user input: a name with a
// pipe, a newline or "---" must not break a table, the front matter or the page around it.

/**
 * A YAML double-quoted scalar. JSON string syntax is valid YAML 1.2, and JSON.stringify escapes quotes,
 * backslashes and control characters; U+2028/2029 are escaped too since YAML 1.1 readers treat them as breaks.
 */
export function yamlString(value: string): string {
  return JSON.stringify(value).replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
}

export type YamlValue = string | number | boolean | null | readonly string[];

export function yamlValue(value: YamlValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return yamlString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `[${value.map(yamlString).join(', ')}]`;
}

/** A front matter block; keys are ours (fixed identifiers), values are always quoted or literal. */
export function frontMatter(fields: ReadonlyArray<readonly [string, YamlValue]>): string {
  return ['---', ...fields.map(([key, value]) => `${key}: ${yamlValue(value)}`), '---', ''].join('\n');
}

/** Inline text: Markdown punctuation and HTML escaped, line breaks folded, so it renders as typed. */
export function inline(text: string): string {
  return (
    text
      .replace(/[\r\n\t]+/g, ' ')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/([\\`*_[\]|~])/g, '\\$1')
      .trim()
      // Only at the start does "#", "-", "+", "=" or "1." turn a line into a heading or a list.
      .replace(/^([#+=-])/, '\\$1')
      .replace(/^(\d+)([.)])/, '$1\\$2')
  );
}

/** A table cell: inline text, never empty (an empty cell is fine, but a dash reads better). */
export function cell(text: string | null | undefined): string {
  const value = text ? inline(text) : '';
  return value === '' ? '—' : value;
}

/** A link target only for http(s) URLs that parse; anything else is shown as text and never linked. */
export function safeUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // The WHATWG serialisation percent-encodes spaces and angle brackets; parentheses would end a link early
    // and a pipe would split a table cell.
    return url.href.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\|/g, '%7C');
  } catch {
    return null;
  }
}

export function link(label: string, raw: string | null | undefined): string {
  const url = safeUrl(raw);
  if (url === null) return raw ? inline(raw) : '—';
  return `[${inline(label)}](${url})`;
}

export function stars(rating: number | null): string {
  if (rating === null) return '—';
  return `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)} (${rating}/5)`;
}

/** A paragraph of user text (a comment) quoted as typed, with HTML escaped so GitHub shows it literally. */
export function quote(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** Locale-independent ordering, so the same data renders the same bytes on every machine. */
export function byText(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}
