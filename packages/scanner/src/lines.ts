// Line numbers for what a parser found: parsers of JSON and TOML give values, not positions, so the
// declaration is looked up in the text again.

// The offsets where lines start in the text asked about last: a manifest's declarations are looked up one
// after the other, so each look-up is a binary search instead of a count from the top.
let indexedText = '';
let lineStarts: number[] = [0];

/** 1-based line of the character at `index`. */
export function lineAt(text: string, index: number): number {
  if (text !== indexedText) {
    indexedText = text;
    lineStarts = [0];
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  }
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((lineStarts[middle] ?? 0) <= index) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where `section` starts: a JSON key (`"dependencies":`) or a TOML table header (`[dependencies]`). */
export function sectionStart(text: string, section: string, toml = false): number {
  const pattern = toml
    ? new RegExp(`^\\s*\\[\\s*${section.split('.').map(tomlKey).join('\\s*\\.\\s*')}\\s*\\]`, 'm')
    : new RegExp(`"${escape(section)}"\\s*:`);
  return Math.max(0, text.search(pattern));
}

/** A TOML key as a pattern: bare or quoted. */
function tomlKey(part: string): string {
  return `(?:${escape(part)}|"${escape(part)}"|'${escape(part)}')`;
}

/**
 * The line declaring `name` at or after `from`: as a key (JSON `"name":`, TOML `name =`) or, failing that,
 * anywhere as a word; the line at `from` when the text does not name it.
 */
export function declarationLine(text: string, name: string, from = 0, toml = false): number {
  let at = toml ? tomlKeyAt(text, name, from) : jsonKeyAt(text, name, from);
  if (at === -1) {
    const word = new RegExp(`(?<![\\w.-])${escape(name)}(?![\\w-])`, 'gi');
    word.lastIndex = from;
    at = word.exec(text)?.index ?? from;
  }
  return lineAt(text, at);
}

/** `"name"` followed by a colon: a plain search, as package.json files are the most and the largest. */
function jsonKeyAt(text: string, name: string, from: number): number {
  const quoted = `"${name}"`;
  for (let at = text.indexOf(quoted, from); at !== -1; at = text.indexOf(quoted, at + 1)) {
    let next = at + quoted.length;
    while (text[next] === ' ' || text[next] === '\t' || text[next] === '\n' || text[next] === '\r') next += 1;
    if (text[next] === ':') return at;
  }
  return -1;
}

/** Where a line at or after `from` starts with `name` as a TOML key (bare or quoted, any case); -1 if none. */
export function tomlKeyAt(text: string, name: string, from: number): number {
  const lower = PLAIN_KEY.test(name) ? lowerAscii(text) : null;
  return lower === null ? tomlKeyAtByPattern(text, name, from) : plainTomlKeyAt(text, lower, name, from);
}

/** Where a line at or after `from` starts with `name` as a TOML key, by a pattern made for the name. */
export function tomlKeyAtByPattern(text: string, name: string, from: number): number {
  const key = new RegExp(`^[ \\t]*${tomlKey(name)}\\s*[=.]`, 'gmi');
  key.lastIndex = from;
  return key.exec(text)?.index ?? -1;
}

// Making a pattern for every key was most of a Cargo.toml's parse. For a bare key name and a text of ASCII
// alone (where a case-insensitive pattern compares as lower case does), the same look-up is a search of the
// lower-cased text for the name, each hit checked the way the pattern reads it.
const PLAIN_KEY = /^[A-Za-z0-9_-]+$/;
// Anything past U+007F: its case folds differ between the pattern and toLowerCase.
const NOT_ASCII = /[\u0080-\uffff]/;
let loweredText = '';
let lowered: string | null = '';

/** The text in lower case, or null when it is not all ASCII; remembered for the text asked about last. */
function lowerAscii(text: string): string | null {
  if (text !== loweredText) {
    loweredText = text;
    lowered = NOT_ASCII.test(text) ? null : text.toLowerCase();
  }
  return lowered;
}

const isBlank = (char: string | undefined) => char === ' ' || char === '\t';
const isLineEnd = (char: string | undefined) => char === '\n' || char === '\r';
// `\s` over ASCII.
const isSpace = (char: string | undefined) =>
  char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\v' || char === '\f';

function plainTomlKeyAt(text: string, lower: string, name: string, from: number): number {
  const key = name.toLowerCase();
  for (let at = lower.indexOf(key, from); at !== -1; at = lower.indexOf(key, at + 1)) {
    let start = at;
    const quote = text[at - 1] === '"' || text[at - 1] === "'" ? text[at - 1] : null;
    if (quote) start -= 1;
    while (isBlank(text[start - 1])) start -= 1;
    if (start < from || (start > 0 && !isLineEnd(text[start - 1]))) continue;
    let end = at + key.length;
    if (quote) {
      if (text[end] !== quote) continue;
      end += 1;
    }
    while (isSpace(text[end])) end += 1;
    if (text[end] === '=' || text[end] === '.') return start;
  }
  return -1;
}
