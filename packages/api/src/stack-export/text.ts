import type { Stack } from '@stackyard/contracts/stack';

// Escaping of user text (tool names, notes, categories, comments) for each file format the export writes.

/** One line: line breaks and runs of whitespace become one space, so user text cannot start a new block. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * Plain text inside Markdown: every character that could open emphasis, code, a link, HTML or a table cell is
 * backslash-escaped. The text never starts a line (it follows a list marker or a heading's `# `), so line-start
 * markers like `-` or `1.` need no escape.
 */
export function markdownText(value: string): string {
  return oneLine(value).replace(/[\\`*_[\]()<>#|~!]/g, (char) => `\\${char}`);
}

/** A URL inside a Markdown link: characters that would end the link are percent-encoded. */
export function markdownUrl(url: string): string {
  return url.replace(
    /[\s()<>[\]`"']/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/**
 * A YAML or TOML double-quoted string. JSON's escapes (\" \\ \n \uXXXX) mean the same in both, so a quote,
 * colon, `---` or `#` in user text stays inside the string.
 */
export function quoted(value: string): string {
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`);
}

/** Text after a `#` comment marker (requirements.txt, TOML): one line, nothing else to escape. */
export function commentText(value: string): string {
  return oneLine(value);
}

/** The stack's name in a file: the project's, else the workspace's. */
export function stackTitle(stack: Stack): string {
  return stack.project ? `${stack.project.name} stack` : `${stack.workspace.name} stack`;
}
