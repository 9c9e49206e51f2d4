// The elements a resource's saved copy may hold, beside links (`a` with an http(s) or mailto href): the server
// writes an article out through them, and the browser checks the copy against them again when showing it.

/** Elements of text structure. */
export const COPY_BLOCKS = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'dl',
  'dt',
  'dd',
  'caption',
]);
/** Elements of inline text. */
export const COPY_INLINES = new Set([
  'em',
  'strong',
  'b',
  'i',
  'u',
  'code',
  'kbd',
  'samp',
  'var',
  'sub',
  'sup',
  's',
  'del',
  'ins',
  'mark',
  'small',
  'q',
  'cite',
  'abbr',
  'time',
]);
/** Elements without content. */
export const COPY_VOIDS = new Set(['br', 'hr']);
