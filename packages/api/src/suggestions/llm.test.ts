import { describe, expect } from 'vitest';
import { suggestionListSchema, type SuggestionList } from '@stackyard/contracts/suggestion';
import { expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { completion } from '@stackyard/testing/fake-openai';
import type { Harness } from '@stackyard/testing/harness';
import { openAiTest } from '@stackyard/testing/openai-api';
import { seedCollection, WEB_STACK } from '@stackyard/testing/suggestion-seed';
import { LlmError, llmSuggestions } from './llm.ts';

// The language-model mode against a local fake OpenAI-compatible server (real HTTP on loopback).

const API_KEY = 'sk-test-secret-key';
const MODEL = 'fake-model-1';

const test = openAiTest(API_KEY, 1_000)
  // A workspace with the web stack the model picks its tools from.
  .extend('webWorld', async ({ api, world }) => {
    await seedCollection(api.db.db, world.workspaceId);
    return world;
  });

// Each test reads the calls it made alone.
test.beforeEach(({ fake }) => fake.clear());

const idea = (title: string, tools: string[]) => ({
  title,
  pitch: 'Build it in a week. Ship it to the team.',
  why: 'It uses what the team prefers.',
  tools: tools.map((slug) => ({ slug, role: null })),
  stretchCategory: null,
  difficulty: 'intermediate',
  scope: 'week',
  milestones: ['Plan it', 'Build it', 'Ship it'],
  archetype: 'crud-web-app',
});

async function list(api: Harness, world: CatalogWorld): Promise<SuggestionList> {
  const response = await api
    .as(world.viewer)
    .get(`/workspaces/${world.workspaceId}/suggestions?focus=realtime`);
  return suggestionListSchema.parse(expectStatus(response, 200));
}

describe('suggestions from a language model', () => {
  test('uses a valid answer, asking with the key, a JSON schema and the workspace tools', async ({
    api,
    fake,
    webWorld: world,
  }) => {
    fake.answer(
      completion({
        suggestions: [
          idea('Team lunch planner', ['react', 'fastify', 'postgresql']),
          idea('Flaky test hunter', ['Vitest']),
        ],
      }),
    );
    const result = await list(api, world);
    expect(result.mode).toBe('llm');
    expect(result.model).toBe(MODEL);
    expect(result.mode_note).toBeUndefined();
    expect(result.items.map((item) => item.title)).toEqual(['Team lunch planner', 'Flaky test hunter']);
    expect(result.items[0]?.engine).toBe('llm');
    expect(result.items[0]?.tools.map((tool) => tool.name)).toEqual(['React', 'Fastify', 'PostgreSQL']);
    expect(result.items[1]?.tools.map((tool) => tool.slug)).toEqual(['vitest']);

    const [call] = fake.recorded;
    expect(call?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(call?.body.model).toBe(MODEL);
    expect(call?.body.response_format?.type).toBe('json_schema');
    const userMessage = call?.body.messages.find((message) => message.role === 'user')?.content ?? '';
    expect(userMessage).toContain('- react: React');
    expect(userMessage).toContain('The team asks for: realtime');

    // Stored: the same idea keeps its id, and it can be started like a built-in one.
    const again = await list(api, world);
    expect(again.items.map((item) => item.id)).toEqual(result.items.map((item) => item.id));
    const started = await api
      .as(world.editor)
      .post(`/workspaces/${world.workspaceId}/suggestions/${result.items[0]?.id}/accept`, {});
    expect(
      expectStatus<{ project: { metadata: { name: string } } }>(started, 201).project.metadata.name,
    ).toBe('Team lunch planner');
  });

  test('removes tools the model invented, and ideas left with none', async ({ api, fake, webWorld }) => {
    fake.answer(
      completion({
        suggestions: [
          idea('Kafka playground', ['kafka-pro-9000', 'react']),
          idea('Imaginary stack', ['hyperdb', 'quantum-ui']),
        ],
      }),
    );
    const result = await list(api, webWorld);
    expect(result.mode).toBe('llm');
    expect(result.items.map((item) => item.title)).toEqual(['Kafka playground']);
    expect(result.items[0]?.tools.map((tool) => tool.slug)).toEqual(['react']);
  });

  test('holds the answer to the rubric: roles repaired to the tool category, repeats and role-less tools dropped', async ({
    api,
    fake,
    world,
  }) => {
    const tools = (entries: [slug: string, role: string | null][]) =>
      entries.map(([slug, role]) => ({ slug, role }));
    fake.answer(
      completion({
        suggestions: [
          {
            ...idea('Lunch planner', []),
            tools: tools([
              ['vitest', 'Frontend framework'],
              ['postgresql', 'API framework'],
              ['fastify', 'api framework'],
              ['fastify', 'Database'],
              ['mystery-box', 'Queue'],
              ['kafka-pro-9000', 'Queue'],
            ]),
          },
          { ...idea('Lunch  planner!', []), tools: tools([['react', 'Frontend framework']]) },
          { ...idea('Only a mystery', []), tools: tools([['mystery-box', 'Database']]) },
        ],
      }),
    );
    await seedCollection(api.db.db, world.workspaceId, [...WEB_STACK, ['Mystery Box', 'Does things', null]]);
    const result = await list(api, world);
    expect(result.mode).toBe('llm');
    expect(result.items.map((item) => item.title)).toEqual(['Lunch planner']);
    expect(result.items[0]?.tools.map((tool) => `${tool.name} — ${tool.role}`)).toEqual([
      'Vitest — Testing',
      'PostgreSQL — Database',
      'Fastify — API framework',
    ]);
  });

  test('falls back to the built-in engine when the answer is not valid JSON', async ({
    api,
    fake,
    webWorld,
  }) => {
    fake.answer(completion('{"suggestions": [ this is not json'));
    const result = await list(api, webWorld);
    expect(result.mode).toBe('builtin');
    expect(result.mode_note).toBe(
      "The language model's answer could not be used, so these are built-in suggestions.",
    );
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.every((item) => item.engine === 'builtin')).toBe(true);
  });

  test('falls back when the answer does not match the schema', async ({ api, fake, webWorld }) => {
    fake.answer(completion({ suggestions: [{ title: 'No tools, no milestones' }] }));
    const result = await list(api, webWorld);
    expect(result.mode).toBe('builtin');
    expect(result.mode_note).toContain('could not be used');
  });

  test('falls back when the endpoint answers with an error', async ({ api, fake, webWorld }) => {
    fake.answer((response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'model overloaded' } }));
    });
    const result = await list(api, webWorld);
    expect(result.mode).toBe('builtin');
    expect(result.mode_note).toBe(
      'The language model could not be reached, so these are built-in suggestions.',
    );
  });

  test('falls back when the model does not answer in time', async ({ api, fake, webWorld }) => {
    // The model never answers (the connection is closed after the tests): only LLM_TIMEOUT_MS ends the wait.
    fake.answer(() => {});
    const result = await list(api, webWorld);
    expect(result.mode).toBe('builtin');
    expect(result.mode_note).toBe(
      'The language model did not answer in time, so these are built-in suggestions.',
    );
    expect(result.items.length).toBeGreaterThan(0);
  });

  test('keeps the key, the prompt and the answer out of the error it reports', async ({ fake }) => {
    fake.answer((response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${API_KEY}` } }));
    });
    const error = await llmSuggestions(
      { baseUrl: fake.baseUrl, apiKey: API_KEY, model: MODEL, timeoutMs: 1000 },
      {
        tools: [
          {
            id: 'a',
            slug: 'secret-project-tool',
            name: 'Secret project tool',
            description: null,
            stance: 'accepted',
            rating: null,
            category: null,
            labels: [],
            projectCount: 0,
            roles: [],
          },
        ],
        avoidTitles: [],
        count: 6,
      },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LlmError);
    const reported = `${(error as Error).message} ${(error as Error).stack ?? ''}`;
    expect(reported).not.toContain(API_KEY);
    expect(reported).not.toContain('secret-project-tool');
    expect(reported).not.toContain('Incorrect API key');
  });
});
