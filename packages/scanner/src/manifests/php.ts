import { declarationLine, sectionStart } from '../lines.ts';
import type { Declared } from '../types.ts';

// composer.json: `require` and `require-dev`. `php` is the runtime; `ext-*`, `lib-*` and Composer's own
// plugin APIs are the platform the code runs on, not Packagist packages.

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function parseComposerJson(text: string): Declared[] {
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
  const found: Declared[] = [];
  for (const [section, dev] of [
    ['require', false],
    ['require-dev', true],
  ] as const) {
    const from = sectionStart(text, section);
    for (const [name, raw] of Object.entries(record((parsed as Record<string, unknown>)[section]))) {
      const version = typeof raw === 'string' ? raw : null;
      const line = declarationLine(text, name, from);
      if (name === 'php') found.push({ ecosystem: 'runtime', name, version, dev, kind: 'platform', line });
      else if (/^(ext|lib)-|^composer(-plugin|-runtime)?-api$/.test(name))
        found.push({ ecosystem: 'packagist', name, version, dev, kind: 'platform', line });
      else found.push({ ecosystem: 'packagist', name, version, dev, kind: 'package', line });
    }
  }
  return found;
}
