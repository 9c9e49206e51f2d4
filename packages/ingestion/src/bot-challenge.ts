// Anti-bot interstitials answer a fetcher with a page of their own ("Just a moment…"). Saving that as a
// tool's title is the most visible failure of comparable products, so these pages are recognised and
// quarantined as bot_challenge instead.
import type { IncomingHttpHeaders } from 'node:http';

/** Titles of the interstitial pages themselves, compared after lower-casing and collapsing spaces. */
const CHALLENGE_TITLES: Array<[RegExp, string]> = [
  [/^just a moment(\.\.\.|…)?$/, 'Cloudflare'],
  [/^attention required! \| cloudflare$/, 'Cloudflare'],
  [/^please wait(\.\.\.|…)? \| cloudflare$/, 'Cloudflare'],
  [/^checking your browser/, 'browser check'],
  [/^checking if the site connection is secure/, 'browser check'],
  [/^ddos-guard$/, 'DDoS-Guard'],
  [/^ddos protection by ddos-guard/, 'DDoS-Guard'],
  [/^one more step$/, 'Cloudflare'],
  [/^verifying (that )?you are (a )?human/, 'human verification'],
  [/^human verification$/, 'human verification'],
  [/^are you a robot\??$/, 'robot check'],
  [/^robot check$/, 'robot check'],
  [/^pardon our interruption/, 'Imperva'],
  [/^access denied \| .* used cloudflare/, 'Cloudflare'],
  [/^sucuri website firewall/, 'Sucuri'],
  [/^vercel security checkpoint$/, 'Vercel'],
  [/^making sure you('|’)re not a bot!?$/, 'Anubis'],
  [/^security check$/, 'security check'],
];

/** Markers only the challenge pages carry (plain pages behind the same vendors do not). */
const CHALLENGE_MARKERS: Array<[string, string]> = [
  ['window._cf_chl_opt', 'Cloudflare'],
  ['cf-browser-verification', 'Cloudflare'],
  ['cf_chl_captcha_tk', 'Cloudflare'],
  ['/.well-known/ddos-guard/check', 'DDoS-Guard'],
  ['geo.captcha-delivery.com', 'DataDome'],
  ['px-captcha', 'PerimeterX'],
  ['awswafintegration', 'AWS WAF'],
  ['within.website/x/cmd/anubis', 'Anubis'],
];

/**
 * Markers of vendors whose scripts also sit on ordinary pages: a challenge only on a page without a title
 * and next to no text.
 */
const EMPTY_PAGE_MARKERS: Array<[string, string]> = [
  ['_incapsula_resource', 'Imperva'],
  ['sucuri_cloudproxy', 'Sucuri'],
];

export interface ChallengeInput {
  title: string | null;
  html: string;
  headers?: IncomingHttpHeaders;
  /** Characters of visible body text (see scanHtml). */
  bodyTextLength?: number;
}

/** The vendor or kind of challenge if the page is one, else null. */
export function detectBotChallenge(input: ChallengeInput): string | null {
  const mitigated = input.headers?.['cf-mitigated'] ?? input.headers?.['x-vercel-mitigated'];
  if (typeof mitigated === 'string' && mitigated.toLowerCase() === 'challenge') return 'challenge header';
  const title = (input.title ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  for (const [pattern, vendor] of CHALLENGE_TITLES) if (pattern.test(title)) return vendor;
  // The markers sit in the first part of the page; no need to lower-case megabytes.
  const head = input.html.slice(0, 64 * 1024).toLowerCase();
  for (const [marker, vendor] of CHALLENGE_MARKERS) if (head.includes(marker)) return vendor;
  if (!title && (input.bodyTextLength ?? Number.POSITIVE_INFINITY) < 200) {
    for (const [marker, vendor] of EMPTY_PAGE_MARKERS) if (head.includes(marker)) return vendor;
  }
  return null;
}
