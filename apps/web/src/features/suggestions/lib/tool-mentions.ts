import type { SuggestionTool } from '@stackyard/contracts/suggestion';

export type TextPart = { text: string; tool?: SuggestionTool };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits a text where it names one of the tools (whole words, any case, longest name first), so each mention
 * can become a link.
 */
export function splitToolMentions(text: string, tools: SuggestionTool[]): TextPart[] {
  const linkable = tools.filter((tool) => tool.name.trim() !== '');
  if (linkable.length === 0) return [{ text }];
  const byName = new Map(linkable.map((tool) => [tool.name.toLowerCase(), tool]));
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${names.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], tool: byName.get(match[0].toLowerCase()) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
