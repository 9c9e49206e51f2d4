import type { Stack } from '@stackyard/contracts/stack';
import { yamlString } from '@stackyard/store/markdown';

// Escaping of user text (tool names, notes, categories, comments) for each file format the export writes.
// Every format passes user text through oneLine: the assistants read these files as instructions, so no
// member's text may start a line of its own (a `---` front-matter delimiter, a `# ` heading, an `@path` import).

/**
 * Whatever some reader takes for a line break or hides: whitespace (\s has \n \r \v \f, U+2028 and U+2029),
 * control characters (C0, DEL and C1, among them U+0085 and the U+001C–U+001E separators Python splits lines
 * on) and invisible format characters (zero-width, bidirectional overrides, BOM). U+200D stays: emoji sequences
 * are joined with it.
 */
const BREAKS = /(?:(?!\u200d)[\s\p{Cc}\p{Cf}])+/gu;

/** One line: breaks, controls and runs of whitespace become one space, so user text cannot start a new block. */
export function oneLine(value: string): string {
  return value.replace(BREAKS, ' ').trim();
}

/**
 * Plain text inside Markdown: every character that could open emphasis, code, a link, HTML (a `<!--` comment
 * too) or a table cell is backslash-escaped, and so are `#` (a Copilot `#file:` reference) and `@` (a Claude
 * Code or Gemini CLI `@path` import, which they recognise only after whitespace or at a line's start). The text
 * never starts a line (it follows a list marker or a heading's `# `), so line-start markers like `-` or `1.`
 * need no escape.
 */
export function markdownText(value: string): string {
  return oneLine(value).replace(/[\\`*_[\]()<>#|~!@]/g, (char) => `\\${char}`);
}

/** A URL inside a Markdown link: characters that would end the link are percent-encoded. */
export function markdownUrl(url: string): string {
  return url.replace(
    /[\s()<>[\]`"']/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/**
 * A YAML or TOML double-quoted string, on one line: the YAML scalar the repository store writes, whose JSON
 * escapes (\" \\ \uXXXX) mean the same in TOML, so a quote, colon, `---` or `#` in user text stays inside the
 * string; an `@` after a space is written `\u0040`, as an assistant reading a rule file whole could take it for
 * an `@path` import.
 */
export function quoted(value: string): string {
  return yamlString(oneLine(value)).replace(/ @/g, ' \\u0040');
}

/**
 * A JSON document whose strings keep the user's text exactly (a tool reading stack.json gets the note as it
 * was written) but whose file holds no raw separator or invisible character: those JSON allows unescaped
 * (U+0085 and the other C1 controls, U+2028, U+2029, format characters) are written as escapes.
 */
export function jsonDocument(value: unknown): string {
  return `${JSON.stringify(value, null, 2).replace(/(?!\n)[\p{Cc}\p{Cf}\u2028\u2029]/gu, jsonEscape)}\n`;
}

function jsonEscape(char: string): string {
  let escaped = '';
  for (let i = 0; i < char.length; i += 1)
    escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return escaped;
}

/** Text after a `#` comment marker (requirements.txt, TOML): one line, nothing else to escape. */
export function commentText(value: string): string {
  return oneLine(value);
}

/** The stack's name in a file: the project's, else the workspace's. */
export function stackTitle(stack: Stack): string {
  return stack.project ? `${stack.project.name} stack` : `${stack.workspace.name} stack`;
}
