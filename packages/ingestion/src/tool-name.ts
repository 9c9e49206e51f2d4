// A tool's name and slug from what its page says about itself.
import { parseIp } from './ip-address.ts';

// Labels that name a part of a site, not the site: docs.rocket.dev is "rocket".
const GENERIC_LABELS = new Set([
  'www',
  'docs',
  'doc',
  'app',
  'blog',
  'dev',
  'get',
  'try',
  'en',
  'api',
  'web',
]);

/**
 * The word a site's host name is built on: "docs.vitest.dev" → "vitest". An IP address has no such word: it
 * is the whole address ("10.0.0.5", not "0").
 */
export function hostToken(hostname: string): string {
  if (parseIp(hostname)) return hostname;
  const labels = hostname.toLowerCase().replace(/\.$/, '').split('.');
  const meaningful = labels.slice(0, -1).filter((label) => !GENERIC_LABELS.has(label));
  return meaningful.at(-1) ?? labels[0] ?? '';
}

/** Lower-case letters and digits only, to compare "Vite-Press", "vitepress" and "VitePress". */
export function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const TITLE_SEPARATORS = /\s+[|\-–—·•:]\s+|:\s+/;

/**
 * The name part of a page title: "Vitest | Next Generation Testing Framework" and "Guide | Vitest" both
 * give "Vitest" for vitest.dev. Without a part matching the host, a short first part is taken.
 */
export function nameFromTitle(title: string, hostname: string): string | null {
  const parts = title
    .split(TITLE_SEPARATORS)
    .map((part) => part.trim())
    .filter(Boolean);
  const token = squash(hostToken(hostname));
  const matching = parts.find((part) => token && squash(part) === token);
  if (matching) return matching;
  const containing = parts.find((part) => token && squash(part).includes(token) && part.length <= 40);
  if (containing) return containing;
  const first = parts[0];
  if (first && first.split(/\s+/).length <= 4 && first.length <= 40) return first;
  return null;
}
