/** How many URLs one submission of the form may hold (each becomes one submission and one job). */
export const MAX_URLS_PER_BATCH = 50;
/** The API's limit on one submitted URL. */
export const MAX_URL_LENGTH = 2048;

export type ParsedUrls = { ok: true; urls: string[] } | { ok: false; message: string };

const quote = (text: string) => `“${text.length > 60 ? `${text.slice(0, 57)}...` : text}”`;

/**
 * The form's text, one URL per line: blank lines are ignored, repeats are submitted once, and every line
 * must be an absolute http(s) address. The server would quarantine anything else as invalid_url; saying
 * so before submitting is kinder. No scheme is guessed ("vite.dev" could mean http or https).
 */
export function parseUrls(text: string): ParsedUrls {
  const lines = text.split(/\r?\n/).map((line, index) => ({ value: line.trim(), number: index + 1 }));
  const filled = lines.filter((line) => line.value !== '');
  if (filled.length === 0) return { ok: false, message: 'Enter at least one URL.' };

  const urls: string[] = [];
  const problems: string[] = [];
  for (const line of filled) {
    const problem = problemOf(line.value);
    if (problem) problems.push(`Line ${line.number}: ${quote(line.value)} ${problem}`);
    else if (!urls.includes(line.value)) urls.push(line.value);
  }
  if (problems.length > 0) {
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    return { ok: false, message: `${problems.slice(0, 3).join(' ')}${more}` };
  }
  if (urls.length > MAX_URLS_PER_BATCH) {
    return {
      ok: false,
      message: `Submit at most ${MAX_URLS_PER_BATCH} URLs at once (there are ${urls.length}).`,
    };
  }
  return { ok: true, urls };
}

function problemOf(value: string): string | null {
  if (value.length > MAX_URL_LENGTH) return `is longer than ${MAX_URL_LENGTH} characters.`;
  if (/\s/.test(value)) return 'contains spaces; put one URL on each line.';
  if (!URL.canParse(value)) {
    return /^[a-z][a-z0-9+.-]*:/i.test(value)
      ? 'is not a valid URL.'
      : 'is not a valid URL: start it with https:// or http://.';
  }
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return 'is not a web address: only http:// and https:// URLs can be added.';
  }
  if (url.username || url.password) return 'contains a user name or password; remove them.';
  return null;
}
