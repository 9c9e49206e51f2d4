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

function tomlKeyAt(text: string, name: string, from: number): number {
  const key = new RegExp(`^[ \\t]*${tomlKey(name)}\\s*[=.]`, 'gmi');
  key.lastIndex = from;
  return key.exec(text)?.index ?? -1;
}
