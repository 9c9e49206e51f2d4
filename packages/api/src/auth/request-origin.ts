import type { FastifyRequest } from 'fastify';
import { APP_REQUEST_HEADER } from '@stackyard/contracts/app-request';
import { AppError } from '@stackyard/contracts/problem';

// The user_jwt cookie goes along with any request a page of the same site (a sibling subdomain included)
// makes, so a cookie alone does not show the user meant a change. A bearer token is never ambient: a
// client that sends one chose to.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const NOT_FROM_APP =
  'This request did not come from the stackyard app, so nothing was changed. Reload the page and try again.';

/** Whether a call is authenticated by the browser's cookie rather than by a credential the client sent. */
function usesAmbientCredential(request: FastifyRequest): boolean {
  return request.headers.authorization === undefined;
}

/**
 * Refuses a state-changing, cookie-authenticated call unless it proves it comes from the app: the SPA's
 * header, and the browser's own word on where it comes from (Sec-Fetch-Site, else the Origin's host).
 */
export function assertSentByApp(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method) || !usesAmbientCredential(request)) return;
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const elsewhere =
    site !== undefined ? site !== 'same-origin' : origin !== undefined && hostOf(origin) !== request.host;
  if (elsewhere || !request.headers[APP_REQUEST_HEADER]) throw new AppError('forbidden', NOT_FROM_APP);
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    // `null` (a sandboxed frame, a redirect across origins) and anything unparsable are not the app.
    return null;
  }
}
