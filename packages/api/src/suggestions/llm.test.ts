import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { suggestionListSchema, type SuggestionList } from '@stackyard/contracts/suggestion';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import { createHarness, type Harness } from '@stackyard/testing/harness';
import { seedCollection } from '@stackyard/testing/suggestion-seed';
import { LlmError, llmSuggestions } from './llm.ts';

// The language-model mode against a local fake OpenAI-compatible server: real HTTP on loopback, speaking
// POST /v1/chat/completions as the AI SDK's OpenAI-compatible provider does.

const API_KEY = 'sk-test-secret-key';
const MODEL = 'fake-model-1';

interface Recorded {
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { schema?: unknown } };
  };
}

let fake: Server;
let h: Harness;
let answer: (response: ServerResponse) => void;
let recorded: Recorded[] = [];

function completion(content: string) {
  return (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: MODEL,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  };
}

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

beforeAll(async () => {
  fake = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      recorded.push({
        authorization: request.headers.authorization,
        body: JSON.parse(raw) as Recorded['body'],
      });
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      answer(response);
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  h = await createHarness({
    env: {
      LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      LLM_API_KEY: API_KEY,
      LLM_MODEL: MODEL,
      LLM_TIMEOUT_MS: '1000',
    },
  });
});

afterAll(async () => {
  await h.closeChecked();
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

beforeEach(() => {
  recorded = [];
});

async function webWorld(): Promise<CatalogWorld> {
  const world = await catalogWorld(h);
  await seedCollection(h.db.db, world.workspaceId);
  return world;
}

async function list(world: CatalogWorld): Promise<SuggestionList> {
  const response = await h
    .as(world.viewer)
    .get(`/workspaces/${world.workspaceId}/suggestions?focus=realtime`);
  return suggestionListSchema.parse(expectStatus(response, 200));
}

describe('suggestions from a language model', () => {
  it('uses a valid answer, asking with the key, a JSON schema and the workspace tools', async () => {
    answer = completion(
      JSON.stringify({
        suggestions: [
          idea('Team lunch planner', ['react', 'fastify', 'postgresql']),
          idea('Flaky test hunter', ['Vitest']),
        ],
      }),
    );
    const world = await webWorld();
    const result = await list(world);
    expect(result.mode).toBe('llm');
    expect(result.model).toBe(MODEL);
    expect(result.modeNote).toBeUndefined();
    expect(result.items.map((item) => item.title)).toEqual(['Team lunch planner', 'Flaky test hunter']);
    expect(result.items[0]?.engine).toBe('llm');
    expect(result.items[0]?.tools.map((tool) => tool.name)).toEqual(['React', 'Fastify', 'PostgreSQL']);
    expect(result.items[1]?.tools.map((tool) => tool.slug)).toEqual(['vitest']);

    const [call] = recorded;
    expect(call?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(call?.body.model).toBe(MODEL);
    expect(call?.body.response_format?.type).toBe('json_schema');
    const userMessage = call?.body.messages.find((message) => message.role === 'user')?.content ?? '';
    expect(userMessage).toContain('- react: React');
    expect(userMessage).toContain('The team asks for: realtime');

    // Stored: the same idea keeps its id, and it can be started like a built-in one.
    const again = await list(world);
    expect(again.items.map((item) => item.id)).toEqual(result.items.map((item) => item.id));
    const started = await h
      .as(world.editor)
      .post(`/workspaces/${world.workspaceId}/suggestions/${result.items[0]?.id}/accept`, {});
    expect(
      expectStatus<{ project: { metadata: { name: string } } }>(started, 201).project.metadata.name,
    ).toBe('Team lunch planner');
  });

  it('removes tools the model invented, and ideas left with none', async () => {
    answer = completion(
      JSON.stringify({
        suggestions: [
          idea('Kafka playground', ['kafka-pro-9000', 'react']),
          idea('Imaginary stack', ['hyperdb', 'quantum-ui']),
        ],
      }),
    );
    const result = await list(await webWorld());
    expect(result.mode).toBe('llm');
    expect(result.items.map((item) => item.title)).toEqual(['Kafka playground']);
    expect(result.items[0]?.tools.map((tool) => tool.slug)).toEqual(['react']);
  });

  it('falls back to the built-in engine when the answer is not valid JSON', async () => {
    answer = completion('{"suggestions": [ this is not json');
    const result = await list(await webWorld());
    expect(result.mode).toBe('builtin');
    expect(result.modeNote).toBe(
      "The language model's answer could not be used, so these are built-in suggestions.",
    );
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.every((item) => item.engine === 'builtin')).toBe(true);
  });

  it('falls back when the answer does not match the schema', async () => {
    answer = completion(JSON.stringify({ suggestions: [{ title: 'No tools, no milestones' }] }));
    const result = await list(await webWorld());
    expect(result.mode).toBe('builtin');
    expect(result.modeNote).toContain('could not be used');
  });

  it('falls back when the endpoint answers with an error', async () => {
    answer = (response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'model overloaded' } }));
    };
    const result = await list(await webWorld());
    expect(result.mode).toBe('builtin');
    expect(result.modeNote).toBe(
      'The language model could not be reached, so these are built-in suggestions.',
    );
  });

  it('falls back when the model does not answer in time', async () => {
    answer = (response) => {
      setTimeout(
        () => completion(JSON.stringify({ suggestions: [idea('Too late', ['react'])] }))(response),
        2500,
      );
    };
    const started = Date.now();
    const result = await list(await webWorld());
    expect(Date.now() - started).toBeLessThan(2500);
    expect(result.mode).toBe('builtin');
    expect(result.modeNote).toBe(
      'The language model did not answer in time, so these are built-in suggestions.',
    );
    expect(result.items.length).toBeGreaterThan(0);
  });

  it('keeps the key, the prompt and the answer out of the error it reports', async () => {
    answer = (response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${API_KEY}` } }));
    };
    const { port } = fake.address() as AddressInfo;
    const error = await llmSuggestions(
      { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: API_KEY, model: MODEL, timeoutMs: 1000 },
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
