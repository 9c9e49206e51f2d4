// A local fake of an OpenAI-compatible endpoint: real HTTP on loopback, speaking POST /v1/chat/completions
// as the AI SDK's OpenAI-compatible provider does. Each test sets what it answers and reads what it was sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCompletion {
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { schema?: unknown } };
  };
}

export type Answer = (response: ServerResponse) => void;

export interface FakeOpenAi {
  /** The base URL a client is configured with (LLM_BASE_URL), ending in /v1. */
  baseUrl: string;
  /** The requests received since the last clear(). */
  recorded: RecordedCompletion[];
  /** What the next requests are answered with. */
  answer(with_: Answer): void;
  clear(): void;
  close(): Promise<void>;
}

/** A 200 chat completion whose message is `content`: the model's text, or a structured answer sent as its JSON. */
export function completion(content: string | object, model = 'fake-model-1'): Answer {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  return (response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  };
}

/** The environment that turns the API's language-model mode on against this fake. */
export function fakeOpenAiEnv(fake: FakeOpenAi, apiKey: string, timeoutMs: number): Record<string, string> {
  return {
    LLM_BASE_URL: fake.baseUrl,
    LLM_API_KEY: apiKey,
    LLM_MODEL: 'fake-model-1',
    LLM_TIMEOUT_MS: String(timeoutMs),
  };
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const recorded: RecordedCompletion[] = [];
  let answer: Answer = (response) => response.writeHead(503).end();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      recorded.push({
        authorization: request.headers.authorization,
        body: JSON.parse(raw) as RecordedCompletion['body'],
      });
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    recorded,
    answer: (next) => {
      answer = next;
    },
    clear: () => {
      recorded.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
