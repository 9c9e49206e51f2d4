// A small syntax highlighter for the AI export's previews: Markdown (with YAML front matter), YAML, JSON, TOML
// and plain text with # comments. It only splits the text into tokens; joined, the tokens give back the text
// exactly, and React renders each as text, so nothing in a file is ever read as markup.

export type TokenKind =
  | 'plain'
  | 'comment'
  | 'key'
  | 'string'
  | 'number'
  | 'keyword'
  | 'punctuation'
  | 'heading'
  | 'code'
  | 'link'
  | 'emphasis'
  | 'marker';

export interface Token {
  kind: TokenKind;
  text: string;
}

export type Language = 'markdown' | 'yaml' | 'json' | 'toml' | 'text';

/** The language of an export file, from its path. */
export function languageOf(path: string): Language {
  if (/\.(md|mdc)$/.test(path) || path === 'llms.txt') return 'markdown';
  if (/\.ya?ml$/.test(path)) return 'yaml';
  if (path.endsWith('.json')) return 'json';
  if (path.endsWith('.toml')) return 'toml';
  return 'text';
}

/** A rule: a sticky pattern at the current position, and the kind of what it matches. */
type Rule = [RegExp, TokenKind];

const STRING = /"(?:[^"\\\n]|\\.)*"?/y;
const SINGLE = /'(?:[^'\n]|'')*'?/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.-])/y;

/** Splits one line by the first rule matching at each position; what no rule takes is plain. */
function scan(line: string, rules: Rule[], out: Token[]): void {
  let plain = '';
  let at = 0;
  while (at < line.length) {
    let matched = false;
    for (const [pattern, kind] of rules) {
      pattern.lastIndex = at;
      const found = pattern.exec(line);
      if (found && found[0].length > 0) {
        if (plain) out.push({ kind: 'plain', text: plain });
        plain = '';
        out.push({ kind, text: found[0] });
        at += found[0].length;
        matched = true;
        break;
      }
    }
    if (!matched) {
      plain += line[at];
      at += 1;
    }
  }
  if (plain) out.push({ kind: 'plain', text: plain });
}

const JSON_RULES: Rule[] = [
  [/"(?:[^"\\\n]|\\.)*"(?=\s*:)/y, 'key'],
  [STRING, 'string'],
  [NUMBER, 'number'],
  [/\b(?:true|false|null)\b/y, 'keyword'],
  [/[{}[\],:]/y, 'punctuation'],
];

const YAML_VALUE: Rule[] = [
  [/#.*/y, 'comment'],
  [STRING, 'string'],
  [SINGLE, 'string'],
  [NUMBER, 'number'],
  [/\b(?:true|false|null|yes|no|on|off)\b(?=\s*(?:#|$))/y, 'keyword'],
  [/[[\]{},]/y, 'punctuation'],
];

function yamlLine(line: string, out: Token[]): void {
  if (/^(?:---|\.\.\.)\s*$/.test(line)) {
    out.push({ kind: 'marker', text: line });
    return;
  }
  // Indentation and list dashes, then a `key:` when there is one, then the value.
  const head = /^(\s*(?:-\s+)*)((?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"][^:#]*?)\s*:)(?=\s|$)/.exec(line);
  if (head) {
    const [, lead = '', key = ''] = head;
    if (lead) pushDashes(lead, out);
    out.push({ kind: 'key', text: key });
    scan(line.slice(lead.length + key.length), YAML_VALUE, out);
    return;
  }
  const dash = /^\s*(?:-\s+)+/.exec(line);
  if (dash) pushDashes(dash[0], out);
  scan(line.slice(dash?.[0].length ?? 0), YAML_VALUE, out);
}

function pushDashes(lead: string, out: Token[]): void {
  for (const part of lead.split(/(-)/)) {
    if (part) out.push({ kind: part === '-' ? 'punctuation' : 'plain', text: part });
  }
}

const TOML_VALUE: Rule[] = [
  [/#.*/y, 'comment'],
  [STRING, 'string'],
  [SINGLE, 'string'],
  [NUMBER, 'number'],
  [/\b(?:true|false)\b/y, 'keyword'],
  [/[[\]{},=]/y, 'punctuation'],
];

function tomlLine(line: string, out: Token[]): void {
  const table = /^(\s*)(\[\[?[^\]]*\]\]?)/.exec(line);
  if (table) {
    const [, lead = '', header = ''] = table;
    if (lead) out.push({ kind: 'plain', text: lead });
    out.push({ kind: 'heading', text: header });
    scan(line.slice(lead.length + header.length), TOML_VALUE, out);
    return;
  }
  const key = /^(\s*)((?:"(?:[^"\\]|\\.)*"|[A-Za-z0-9_.-]+)\s*)(?==)/.exec(line);
  if (key) {
    const [, lead = '', name = ''] = key;
    if (lead) out.push({ kind: 'plain', text: lead });
    out.push({ kind: 'key', text: name });
    scan(line.slice(lead.length + name.length), TOML_VALUE, out);
    return;
  }
  scan(line, TOML_VALUE, out);
}

const MARKDOWN_INLINE: Rule[] = [
  [/`[^`\n]+`/y, 'code'],
  [/\[[^\]\n]*\]\([^)\s]*\)/y, 'link'],
  [/<https?:\/\/[^>\s]+>/y, 'link'],
  [/\*\*[^*\n]+\*\*|__[^_\n]+__/y, 'emphasis'],
];

function markdown(lines: string[], out: Token[]): void {
  let index = 0;
  // Front matter (the Cursor rule's): YAML between --- lines at the very top.
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) {
      for (; index <= end; index++) line(out, index, () => yamlLine(lines[index] ?? '', out));
    }
  }
  let fenced = false;
  for (; index < lines.length; index++) {
    const text = lines[index] ?? '';
    line(out, index, () => {
      if (/^\s*(```|~~~)/.test(text)) {
        fenced = !fenced;
        out.push({ kind: 'marker', text });
      } else if (fenced) {
        out.push({ kind: 'code', text });
      } else if (/^#{1,6}\s/.test(text)) {
        out.push({ kind: 'heading', text });
      } else {
        const lead = /^(\s*(?:[-*+]|\d+\.|>)\s+)/.exec(text)?.[0] ?? '';
        if (lead) out.push({ kind: 'marker', text: lead });
        scan(text.slice(lead.length), MARKDOWN_INLINE, out);
      }
    });
  }
}

/** Runs one line's tokenizer, after the newline that ends the line before it. */
function line(out: Token[], index: number, tokenize: () => void): void {
  if (index > 0) out.push({ kind: 'plain', text: '\n' });
  tokenize();
}

export function highlight(text: string, language: Language): Token[] {
  const lines = text.split('\n');
  const out: Token[] = [];
  if (language === 'markdown') {
    markdown(lines, out);
  } else {
    lines.forEach((text, index) =>
      line(out, index, () => {
        if (language === 'json') scan(text, JSON_RULES, out);
        else if (language === 'yaml') yamlLine(text, out);
        else if (language === 'toml') tomlLine(text, out);
        else scan(text, [[/^\s*#.*/y, 'comment']], out);
      }),
    );
  }
  return merge(out);
}

/** Neighbouring tokens of one kind become one (fewer spans to render). */
function merge(tokens: Token[]): Token[] {
  const merged: Token[] = [];
  for (const token of tokens) {
    const last = merged.at(-1);
    if (last && last.kind === token.kind) last.text += token.text;
    else merged.push({ ...token });
  }
  return merged;
}
