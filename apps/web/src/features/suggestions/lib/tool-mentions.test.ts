// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { SuggestionTool } from '@stackyard/contracts/suggestion';
import { splitToolMentions } from './tool-mentions';

const tool = (name: string): SuggestionTool => ({
  tool_id: `id-${name}`,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  name,
  role: 'Library',
  stretch: false,
});

describe('splitToolMentions', () => {
  it('marks each whole-word mention of a tool, in any case', () => {
    const parts = splitToolMentions('Uses react with Prisma; prisma again.', [tool('React'), tool('Prisma')]);
    expect(parts.map((part) => [part.text, part.tool?.name ?? null])).toEqual([
      ['Uses ', null],
      ['react', 'React'],
      [' with ', null],
      ['Prisma', 'Prisma'],
      ['; ', null],
      ['prisma', 'Prisma'],
      [' again.', null],
    ]);
  });

  it('prefers the longest name and ignores names inside other words', () => {
    const parts = splitToolMentions('Vue Router beats Vuex for Vue.', [tool('Vue'), tool('Vue Router')]);
    expect(parts.filter((part) => part.tool).map((part) => part.text)).toEqual(['Vue Router', 'Vue']);
  });

  it('treats names as text, not patterns, and keeps the text whole', () => {
    const parts = splitToolMentions('C++ (a+b) and axb', [tool('a+b')]);
    expect(parts.filter((part) => part.tool).map((part) => part.text)).toEqual(['a+b']);
    expect(parts.map((part) => part.text).join('')).toBe('C++ (a+b) and axb');
  });
});
