import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSuggestionData } from './data-schema.ts';

// The engine's knowledge is data: these tests hold the files in the repository to their schema.

const read = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8'));

describe('the suggestion data files', () => {
  it('are valid: known categories in every role and placeholder, unique keys', () => {
    const { taxonomy, archetypes } = parseSuggestionData(read('taxonomy.json'), read('archetypes.json'));
    expect(taxonomy.categories.length).toBeGreaterThanOrEqual(20);
    expect(archetypes.length).toBeGreaterThanOrEqual(30);
  });

  it('take a new category and a new archetype without any code', () => {
    const taxonomy = read('taxonomy.json') as { categories: unknown[] };
    const archetypes = read('archetypes.json') as { archetypes: unknown[] };
    taxonomy.categories.push({
      key: 'audio',
      label: 'Audio',
      names: ['tone.js'],
      words: ['synthesizer'],
    });
    archetypes.archetypes.push({
      key: 'tiny-synth',
      title: 'A tiny synthesizer in {audio}',
      needs: ['audio', 'testing'],
      extras: [],
      difficulty: 'beginner',
      scope: 'weekend',
      pitch: 'Make a four-key synthesizer in {audio}. Keep its envelopes honest with {testing}.',
      milestones: ['Play one note', 'Add four keys', 'Test the envelopes with {testing}'],
      focus: ['music'],
    });
    const parsed = parseSuggestionData(taxonomy, archetypes);
    expect(parsed.archetypes.at(-1)?.needs).toEqual(['audio', 'testing']);
  });

  it('refuses an archetype naming an unknown category or a placeholder that is not a role', () => {
    const archetypes = read('archetypes.json') as { archetypes: Record<string, unknown>[] };
    const [first] = archetypes.archetypes;
    archetypes.archetypes.push({
      ...first,
      key: 'broken',
      needs: ['frontend', 'teleport'],
      title: 'On {queue}',
    });
    expect(() => parseSuggestionData(read('taxonomy.json'), archetypes)).toThrow(
      'broken uses the unknown category "teleport"; broken names {queue}, which is not one of its roles',
    );
    expect(() => parseSuggestionData({ categories: [] }, read('archetypes.json'))).toThrow();
  });
});
