import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tagSchema } from '@stackyard/contracts/tag';
import { tagSuggestionListSchema, type TagSuggestionList } from '@stackyard/contracts/tag-suggestion';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { completion, type FakeOpenAi } from '@stackyard/testing/fake-openai';
import type { Harness } from '@stackyard/testing/harness';
import { startOpenAiApi, type OpenAiApi } from '@stackyard/testing/openai-api';

// Tag suggestions with a configured model, against a local fake OpenAI-compatible server over real HTTP.

const API_KEY = 'sk-tags-secret';

let api: OpenAiApi;
let fake: FakeOpenAi;
let h: Harness;
let world: CatalogWorld;
let toolId: string;
let tagId: string;

beforeAll(async () => {
  api = await startOpenAiApi(API_KEY, 2_000);
  ({ h, fake } = api);
  world = await catalogWorld(h);
  ({ workspaceToolId: toolId } = await seedTool(h.db.db, {
    workspaceId: world.workspaceId,
    url: 'https://pino.example/',
    slug: 'pino',
    name: 'Pino',
    description: 'Very low overhead JSON logging',
  }));
  const tag = await h
    .as(world.editor)
    .post('/tags', { workspace_id: world.workspaceId, tag_name: 'Observability', color: '#123456' });
  tagId = tagSchema.parse(expectStatus(tag, 201)).id;
});

afterAll(() => api.close());

beforeEach(() => fake.clear());

async function suggestions(): Promise<TagSuggestionList> {
  const response = await h.as(world.viewer).get(`/tools/workspace/${toolId}/tag-suggestions`);
  return tagSuggestionListSchema.parse(expectStatus(response, 200));
}

describe('tag suggestions from a language model', () => {
  it("keeps the model's valid ideas after the workspace's tags, five at most, asking with the existing tags", async () => {
    fake.answer(
      completion({
        tags: ['observability', 'Logging', 'pino', '<b>bold</b>', 'json', 'performance', 'nodejs', 'streams'],
      }),
    );
    const list = await suggestions();
    expect(list.model_note).toBeUndefined();
    expect(list.suggestions).toEqual([
      { tag_name: 'Observability', source: 'existing_tag', tag_id: tagId },
      { tag_name: 'json', source: 'model', tag_id: null },
      { tag_name: 'logging', source: 'model', tag_id: null },
      { tag_name: 'nodejs', source: 'model', tag_id: null },
      { tag_name: 'performance', source: 'model', tag_id: null },
    ]);
    const [call] = fake.recorded;
    expect(call?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(call?.body.response_format?.type).toBe('json_schema');
    const prompt = call?.body.messages.find((message) => message.role === 'user')?.content ?? '';
    expect(prompt).toContain('Item: Pino');
    expect(prompt).toContain('Existing tags: Observability');
  });

  it('answers the built-in suggestions with a note when the model fails', async () => {
    fake.answer((response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'overloaded' } }));
    });
    const list = await suggestions();
    expect(list.model_note).toBe(
      'The language model could not be reached, so these are built-in suggestions.',
    );
    expect(list.suggestions.every((suggestion) => suggestion.source !== 'model')).toBe(true);
    expect(list.suggestions[0]).toEqual({ tag_name: 'Observability', source: 'existing_tag', tag_id: tagId });
  });

  it('says so when the answer does not fit', async () => {
    fake.answer(completion('{"tags": "not a list"'));
    const list = await suggestions();
    expect(list.model_note).toBe(
      "The language model's answer could not be used, so these are built-in suggestions.",
    );
  });
});
