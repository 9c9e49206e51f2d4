// A readable name for the device of a session ("Firefox on Windows") from its User-Agent header. A few
// patterns cover the browsers people use; anything else (a command line, a script) shows its product token.

const browsers: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/(?:\b|Headless)(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: Array<[RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (patterns: Array<[RegExp, string]>, value: string) =>
  patterns.find(([pattern]) => pattern.test(value))?.[1];

export function describeDevice(userAgent: string | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return 'Unknown device';
  const browser = first(browsers, ua);
  const system = first(systems, ua);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  const product = /^[^\s/]+/.exec(ua)?.[0] ?? ua;
  if (system && product !== 'Mozilla') return `${product} on ${system}`;
  return system ? `Browser on ${system}` : product.slice(0, 60);
}
