// Bytes to text the way browsers decide it (WHATWG encoding sniffing, simplified): byte order mark, then
// the Content-Type charset, then a <meta> in the first bytes, then UTF-8. Node's TextDecoder knows the
// WHATWG encodings (windows-1252, Shift_JIS, GBK, KOI8-R…), so no extra decoder library is needed.

/** How far into the body a <meta charset> is looked for (the HTML standard says 1024; pages are sloppy). */
const PRESCAN_BYTES = 4096;

export interface DecodedHtml {
  html: string;
  /** The WHATWG name of the encoding used, e.g. "utf-8", "windows-1252". */
  charset: string;
}

export function charsetFromContentType(contentType: string | undefined | null): string | null {
  const match = /;\s*charset\s*=\s*["']?([^"';\s]+)/i.exec(contentType ?? '');
  return match?.[1] ?? null;
}

function knownEncoding(label: string | null): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

function prescanMeta(body: Buffer): string | null {
  // latin1 maps each byte to one character, so ASCII markup reads the same in any ASCII-compatible encoding.
  const head = body.subarray(0, PRESCAN_BYTES).toString('latin1');
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return direct?.[1] ?? null;
}

export function decodeHtml(body: Buffer, contentType?: string | null): DecodedHtml {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) {
    return { html: new TextDecoder('utf-8').decode(body.subarray(3)), charset: 'utf-8' };
  }
  if (body[0] === 0xfe && body[1] === 0xff) {
    return { html: new TextDecoder('utf-16be').decode(body.subarray(2)), charset: 'utf-16be' };
  }
  if (body[0] === 0xff && body[1] === 0xfe) {
    return { html: new TextDecoder('utf-16le').decode(body.subarray(2)), charset: 'utf-16le' };
  }
  let charset = knownEncoding(charsetFromContentType(contentType)) ?? knownEncoding(prescanMeta(body));
  // A <meta> cannot truthfully claim UTF-16: it was just read as ASCII (HTML standard rule).
  if (!charset || (charset.startsWith('utf-16') && !charsetFromContentType(contentType))) charset = 'utf-8';
  return { html: new TextDecoder(charset).decode(body), charset };
}
