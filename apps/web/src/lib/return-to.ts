import { paths } from '@/config/paths';

/**
 * The `return_to` of /login: where a page that needed a session sends the user back to once signed in (the
 * save popup, with its prefilled query). Only a path of this app is followed; anything else (another
 * origin, `//host`, a backslash trick, a javascript: URL) is ignored, so the login page cannot be made to
 * send a user elsewhere.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/**
 * The app path of an absolute URL the identity service keeps as a flow's `return_to` (it stores the whole
 * URL): only one on this app's origin, and then as safeReturnTo checks it; anything else is null.
 */
export function appPathOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.origin !== window.location.origin) return null;
    return safeReturnTo(`${parsed.pathname}${parsed.search}${parsed.hash}`);
  } catch {
    return null;
  }
}

/** Where /login, /register and /verify send a signed-in user: the login's `return_to`, else /dashboard. */
export function signedInDestination(params: URLSearchParams): string {
  return safeReturnTo(params.get('return_to')) ?? paths.dashboard.getHref();
}
