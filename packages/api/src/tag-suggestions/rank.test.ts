import { describe, expect, it } from 'vitest';
import { rankTagSuggestions, type RankInput } from './rank.ts';

const TAG_DB = '00000000-0000-4000-8000-000000000001';
const TAG_ML = '00000000-0000-4000-8000-000000000002';
const TAG_CLI = '00000000-0000-4000-8000-000000000003';

const input = (overrides: Partial<RankInput>): RankInput => ({
  name: 'Widget',
  texts: [],
  workspaceTags: [],
  attachedTagIds: [],
  topics: [],
  keywords: [],
  ...overrides,
});

describe('rankTagSuggestions', () => {
  it('puts workspace tags first, then topics, keywords, taxonomy and model ideas, five at most', () => {
    const suggestions = rankTagSuggestions(
      input({
        name: 'Drizzle',
        texts: ['A TypeScript ORM for SQL databases'],
        workspaceTags: [
          { id: TAG_DB, name: 'Databases' },
          { id: TAG_ML, name: 'Machine Learning' },
        ],
        topics: ['typescript', 'databases', 'sql'],
        keywords: ['query-builder'],
        modelTags: ['persistence'],
      }),
    );
    expect(suggestions).toEqual([
      { tag_name: 'Databases', source: 'existing_tag', tag_id: TAG_DB },
      { tag_name: 'sql', source: 'topic', tag_id: null },
      { tag_name: 'typescript', source: 'topic', tag_id: null },
      { tag_name: 'query-builder', source: 'keyword', tag_id: null },
      { tag_name: 'orm', source: 'taxonomy', tag_id: null },
    ]);
  });

  it('matches names by their slug, and finds a workspace tag named in the text', () => {
    const suggestions = rankTagSuggestions(
      input({
        texts: ['Notes on machine learning pipelines'],
        workspaceTags: [
          { id: TAG_ML, name: 'Machine-Learning' },
          { id: TAG_CLI, name: 'CLI' },
        ],
        topics: ['cli'],
      }),
    );
    expect(suggestions).toEqual([
      { tag_name: 'CLI', source: 'existing_tag', tag_id: TAG_CLI },
      { tag_name: 'Machine-Learning', source: 'existing_tag', tag_id: TAG_ML },
      { tag_name: 'data', source: 'taxonomy', tag_id: null },
    ]);
  });

  it('leaves out tags already on the item, the item’s own name and names a tag cannot have', () => {
    const suggestions = rankTagSuggestions(
      input({
        name: 'Vite',
        workspaceTags: [{ id: TAG_CLI, name: 'cli' }],
        attachedTagIds: [TAG_CLI],
        topics: ['vite', 'cli', 'bundler'],
        modelTags: ['', '  <script>', 'x'.repeat(60), 'Build Tools'],
      }),
    );
    expect(suggestions).toEqual([
      { tag_name: 'bundler', source: 'topic', tag_id: null },
      { tag_name: 'build tools', source: 'model', tag_id: null },
    ]);
  });

  it('answers the same order whatever order its inputs come in', () => {
    const forward = input({
      topics: ['zeta', 'alpha', 'mid'],
      workspaceTags: [
        { id: TAG_DB, name: 'alpha' },
        { id: TAG_ML, name: 'zeta' },
      ],
    });
    const backward = {
      ...forward,
      topics: ['mid', 'alpha', 'zeta'],
      workspaceTags: [...forward.workspaceTags].reverse(),
    };
    expect(rankTagSuggestions(backward)).toEqual(rankTagSuggestions(forward));
    expect(rankTagSuggestions(forward).map((suggestion) => suggestion.tag_name)).toEqual([
      'alpha',
      'zeta',
      'mid',
    ]);
  });

  it('suggests nothing when nothing is known', () => {
    expect(rankTagSuggestions(input({ name: null }))).toEqual([]);
  });
});
