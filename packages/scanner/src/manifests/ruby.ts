import type { Declared } from '../types.ts';

// Gemfile: `gem 'name', '~> 1.0', group: :test` lines, `group :development, :test do … end` blocks, and the
// `ruby '3.3.0'` line.

const DEV_GROUPS = /:(development|test)\b|["'](development|test)["']/;

export function parseGemfile(text: string): Declared[] {
  const found: Declared[] = [];
  const groups: boolean[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.replace(/#.*$/, '').trim();
    if (/^group\b.*\bdo\b/.test(content)) groups.push(DEV_GROUPS.test(content));
    else if (/^(\w+\b.*\bdo\b(\s*\|.*\|)?|if\b.*|unless\b.*|case\b.*)$/.test(content))
      groups.push(groups.at(-1) ?? false);
    else if (content === 'end') groups.pop();
    const gem = content.match(/^gem\s*\(?\s*["']([^"']+)["']\s*(.*)$/);
    if (gem) {
      const rest = gem[2] ?? '';
      // Leading string arguments are version constraints; options (`require: false`) follow.
      const versions: string[] = [];
      for (const part of rest
        .replace(/\)\s*$/, '')
        .split(',')
        .map((item) => item.trim())) {
        const quoted = part.match(/^["']([^"']*)["']$/);
        if (part && !quoted) break;
        if (quoted) versions.push(quoted[1] ?? '');
      }
      const dev = groups.some(Boolean) || /\bgroups?:.*(:development|:test|"development"|"test")/.test(rest);
      const version = versions.length > 0 ? versions.join(', ') : null;
      found.push({ ecosystem: 'rubygems', name: gem[1] ?? '', version, dev, kind: 'package', line });
      return;
    }
    const ruby = content.match(/^ruby\s*\(?\s*["']([^"']+)["']/);
    if (ruby)
      found.push({
        ecosystem: 'runtime',
        name: 'ruby',
        version: ruby[1] ?? '',
        dev: false,
        kind: 'platform',
        line,
      });
  });
  return found;
}
