import {
  COPY_BLOCKS as BLOCKS,
  COPY_INLINES as INLINES,
  COPY_VOIDS as VOIDS,
} from '@stackyard/contracts/copy-markup';

// Writes an article's DOM out again through an allow-list: the structure of text (paragraphs, headings, lists,
// quotes, code, tables) and links, nothing that runs, styles or loads. Every attribute is dropped but a link's
// href, made absolute and kept only for http(s) and mailto; an image becomes a link to it.

/** The little of a DOM node this reads (linkedom's nodes, without the DOM library's types). */
export interface ArticleNode {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  textContent: string | null;
  childNodes: ArrayLike<ArticleNode>;
  getAttribute?(name: string): string | null;
}

export interface SanitizedArticle {
  html: string;
  text: string;
  truncated: boolean;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** Left out with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'canvas',
  'video',
  'audio',
  'source',
  'track',
  'picture',
  'map',
  'head',
  'link',
  'meta',
  'title',
  'base',
  'dialog',
]);
/** The article's own heading level: the view titles the copy with its h1. */
const RENAMED: Record<string, string> = { h1: 'h2' };
/** Nesting deeper than this is read as plain text (no page needs it; a hostile one would exhaust the stack). */
const MAX_DEPTH = 200;

const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string): string => escapeText(text).replace(/"/g, '&quot;');

function absoluteLink(href: string | null | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

export function sanitizeArticle(root: ArticleNode, pageUrl: string, maxBytes: number): SanitizedArticle {
  const html: string[] = [];
  const text: string[] = [];
  // Counted with the closing tags of the open elements, which a cut copy still writes.
  let bytes = 0;
  let truncated = false;

  const write = (piece: string, closing = 0): boolean => {
    const size = Buffer.byteLength(piece) + closing;
    if (bytes + size > maxBytes) {
      truncated = true;
      return false;
    }
    bytes += size;
    html.push(piece);
    return true;
  };
  const writeText = (value: string): void => {
    if (truncated || !write(escapeText(value))) return;
    text.push(value);
  };

  const element = (name: string, children: () => void, href?: string): void => {
    const open = href === undefined ? `<${name}>` : `<a href="${escapeAttribute(href)}">`;
    if (!write(open, name.length + 3)) return;
    children();
    html.push(`</${name}>`);
    if (BLOCKS.has(name)) text.push('\n');
  };

  const visit = (node: ArticleNode, depth: number): void => {
    if (truncated) return;
    if (node.nodeType === TEXT_NODE) {
      writeText(node.nodeValue ?? '');
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const tag = node.nodeName.toLowerCase();
    if (DROPPED.has(tag)) return;
    const children = (): void => {
      if (depth >= MAX_DEPTH) return writeText(node.textContent ?? '');
      for (const child of Array.from(node.childNodes)) {
        if (truncated) return;
        visit(child, depth + 1);
      }
    };
    if (VOIDS.has(tag)) {
      if (write(`<${tag}>`)) text.push('\n');
      return;
    }
    if (tag === 'img') {
      const src = absoluteLink(node.getAttribute?.('src'), pageUrl);
      const alt = node.getAttribute?.('alt')?.trim();
      if (src) element('a', () => writeText(alt ? `Image: ${alt}` : 'Image'), src);
      return;
    }
    if (tag === 'a') {
      const href = absoluteLink(node.getAttribute?.('href'), pageUrl);
      if (href) element('a', children, href);
      else children();
      return;
    }
    const name = RENAMED[tag] ?? tag;
    if (BLOCKS.has(name) || INLINES.has(name)) element(name, children);
    else {
      // Any other element (div, section, span, font, …) is unwrapped: its content stays, it does not.
      children();
      if (/^(div|section|article|main|header|footer|aside)$/.test(tag)) text.push('\n');
    }
  };

  visit(root, 0);
  const plain = text
    .join('')
    .replace(/[ \t\f\r\u00a0]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();
  return { html: html.join(''), text: plain, truncated };
}
