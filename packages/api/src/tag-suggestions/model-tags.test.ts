import { describe, expect } from 'vitest';
import { tagSchema } from '@stackyard/contracts/tag';
import { tagSuggestionListSchema, type TagSuggestionList } from '@stackyard/contracts/tag-suggestion';
import { catalogWorld, expectStatus } from '@stackyard/testing/catalog-fixtures';
import { seedTool } from '@stackyard/testing/catalog-seed';
import { completion } from '@stackyard/testing/fake-openai';
import { openAiTest } from '@stackyard/testing/openai-api';

// Tag suggestions with a configured model, against a local fake OpenAI-compatible server over real HTTP.

const API_KEY = 'sk-tags-secret';

const test = openAiTest(API_KEY, 2_000)
  // A workspace with the tag Observability and the tool Pino, read by every test.
  .extend('pino', { scope: 'file' }, async ({ api }) => {
    const world = await catalogWorld(api);
    const tag = await api
      .as(world.editor)
      .post('/tags', { workspace_id: world.workspaceId, tag_name: 'Observability', color: '#123456' });
    const tagId = tagSchema.parse(expectStatus(tag, 201)).id;
    const { workspaceToolId } = await seedTool(api.db.db, {
      workspaceId: world.workspaceId,
      url: 'https://pino.example/',
      slug: 'pino',
      name: 'Pino',
      description: 'Very low overhead JSON logging',
    });
    /** The tag suggestions for Pino, as the viewer reads them. */
    const suggestions = async (): Promise<TagSuggestionList> =>
      tagSuggestionListSchema.parse(
        expectStatus(
          await api.as(world.viewer).get(`/tools/workspace/${workspaceToolId}/tag-suggestions`),
          200,
        ),
      );
    return { tagId, suggestions };
  });

// Each test reads the calls it made alone.
test.beforeEach(({ fake }) => fake.clear());

describe('tag suggestions from a language model', () => {
  test("keeps the model's valid ideas after the workspace's tags, five at most, asking with the existing tags", async ({
    fake,
    pino: { tagId, suggestions },
  }) => {
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

  test('answers the built-in suggestions with a note when the model fails', async ({
    fake,
    pino: { tagId, suggestions },
  }) => {
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

  test('says so when the answer does not fit', async ({ fake, pino: { suggestions } }) => {
    fake.answer(completion('{"tags": "not a list"'));
    const list = await suggestions();
    expect(list.model_note).toBe(
      "The language model's answer could not be used, so these are built-in suggestions.",
    );
  });
});
