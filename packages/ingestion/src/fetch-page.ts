// The pipeline's one call for a submitted URL: fetch it through the guarded fetcher, decide whether what
// came back is a page worth reading, and read its metadata. Every outcome is a value with a quarantine code.
import { detectBotChallenge } from './bot-challenge.ts';
import { decodeHtml } from './charset.ts';
import type { PageMetadata } from './extract.ts';
import { fail, ok, type Result } from './failure.ts';
import { guardedFetch, type GuardedFetchOptions } from './guarded-fetch.ts';

export type FetchPageOptions = Omit<GuardedFetchOptions, 'readBodyOf' | 'accept'>;

export interface FetchedPage {
  metadata: PageMetadata;
  /** The page's HTML, decoded (for its readable copy). */
  html: string;
  /** The URL that answered, after redirects. */
  url: string;
  redirects: string[];
  status: number;
  charset: string;
  bytes: number;
  remoteAddress: string;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Without a Content-Type, a body that starts like HTML is read as HTML (as browsers sniff it). */
function looksLikeHtml(body: Buffer): boolean {
  const start = body
    .subarray(0, 512)
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  return /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body|title|meta)[\s>]/i.test(start);
}

function httpErrorMessage(status: number): string {
  if (status === 404 || status === 410) return `The page was not found (HTTP ${status}).`;
  if (status === 401 || status === 403) return `The site refused access to the page (HTTP ${status}).`;
  if (status === 429) return 'The site is limiting requests (HTTP 429).';
  if (status >= 500) return `The site had an error (HTTP ${status}).`;
  return `The site answered with an error (HTTP ${status}).`;
}

// The HTML parser (htmlparser2 and the entity tables it builds as it loads) comes with the first page read,
// not with the server's start-up.
const readers = () => Promise.all([import('./html-scan.ts'), import('./extract.ts')]);

export async function fetchPage(input: string, options: FetchPageOptions = {}): Promise<Result<FetchedPage>> {
  const fetched = await guardedFetch(input, {
    ...options,
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
    // Error pages are read too when they are HTML: challenge interstitials come as 403 and 503.
    readBodyOf: (mediaType) => mediaType === null || HTML_TYPES.has(mediaType),
  });
  if (!fetched.ok) return fetched;
  const response = fetched.value;
  const { status, mediaType, url } = response;
  const isHtml = mediaType === null ? looksLikeHtml(response.body) : HTML_TYPES.has(mediaType);

  if (status < 200 || status > 299) {
    if (isHtml) {
      const { html } = decodeHtml(response.body, response.headers['content-type']);
      const [{ scanHtml }] = await readers();
      const page = scanHtml(html);
      const challenge = detectBotChallenge({
        title: page.title,
        html,
        headers: response.headers,
        bodyTextLength: page.bodyTextLength,
      });
      if (challenge) return fail('bot_challenge', { url, status, detail: challenge });
    }
    return fail('http_error', {
      url,
      status,
      detail: `HTTP ${status}`,
      message: httpErrorMessage(status),
      // Overload and server errors pass; a missing page or a refusal does not.
      transient: status === 408 || status === 425 || status === 429 || status >= 500,
    });
  }
  if (!isHtml) {
    return fail('not_html', { url, status, detail: mediaType ?? 'no Content-Type, not HTML' });
  }
  const { html, charset } = decodeHtml(response.body, response.headers['content-type']);
  const [, { extractMetadata }] = await readers();
  const extracted = extractMetadata(html, url, { headers: response.headers });
  if (!extracted.ok) return fail(extracted.failure.code, { ...extracted.failure, status });
  return ok({
    metadata: extracted.value,
    html,
    url,
    redirects: response.redirects,
    status,
    charset,
    bytes: response.body.length,
    remoteAddress: response.remoteAddress,
  });
}
