import { describe, expect, it } from 'vitest';
import { slugify, suffixedSlug, uniqueSlug } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Rocket', 'rocket'],
    ['Café Crème!', 'cafe-creme'],
    ['Mon Café App!', 'mon-cafe-app'],
    ['  --Vite  Press--  ', 'vite-press'],
    ['a'.repeat(80), 'a'.repeat(63)],
    [`${'a'.repeat(62)} b`, 'a'.repeat(62)],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name, 'tool')).toBe(slug);
  });

  it.each([['ロケット'], ['!!!'], ['']])('%j has no letters or digits: the fallback', (name) => {
    expect(slugify(name, 'project')).toBe('project');
  });
});

describe('uniqueSlug', () => {
  it('answers the base while it is free, then the first free numbered one', () => {
    expect(uniqueSlug('rocket', new Set(['other']))).toBe('rocket');
    expect(uniqueSlug('rocket', new Set(['rocket', 'rocket-2']))).toBe('rocket-3');
  });

  it('cuts a long base so the numbered slug still fits 63 characters, without a dash before the number', () => {
    const base = `${'a'.repeat(60)}-bc`;
    const slug = uniqueSlug(base, new Set([base]));
    expect(slug).toBe(`${'a'.repeat(60)}-2`);
    expect(slug.length).toBeLessThanOrEqual(63);
    expect(suffixedSlug('a'.repeat(63), 'f00dcafe')).toBe(`${'a'.repeat(54)}-f00dcafe`);
  });
});
