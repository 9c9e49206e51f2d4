import type { z } from 'zod';
import { problemSchema } from '@stackyard/contracts/problem';

/** One call of the product API (/api/v1), as the MCP layer asks for it. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below /api/v1, with its query string. */
  path: string;
  body?: unknown;
  /** The caller's own Authorization header, passed on untouched: the API decides what it may do. */
  authorization: string;
  /** The Host the caller sent to /mcp: an OAuth token's audience is checked against it (without PUBLIC_URL). */
  host?: string;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string | undefined>;
  /** The raw body text ('' when there is none). */
  body: string;
}

/**
 * How the MCP layer reaches the API: in the server process, Fastify's inject (the whole HTTP pipeline,
 * without a socket); from the command line, fetch against a URL. Either way the API is the one authority.
 */
export type ApiTransport = (request: ApiRequest) => Promise<ApiResponse>;

/** A refusal or failure of the API, with the problem's detail: what a model (or a person) can act on. */
export class ApiProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly fields: Array<{ pointer: string; detail: string }>;

  constructor(
    status: number,
    title: string,
    detail: string,
    fields: Array<{ pointer: string; detail: string }>,
  ) {
    super(detail);
    this.name = 'ApiProblem';
    this.status = status;
    this.title = title;
    this.fields = fields;
  }
}

type Query = Record<string, string | number | undefined | null>;

export interface ApiClient {
  get<S extends z.ZodType>(schema: S, path: string, query?: Query): Promise<z.infer<S>>;
  /** A GET of one page of a list: the items and the next page's cursor. */
  page<S extends z.ZodType>(
    schema: S,
    path: string,
    query?: Query,
  ): Promise<{ items: z.infer<S>; nextCursor: string | null }>;
  /** A GET whose answer is a file, not JSON: its text as sent and its content type. */
  text(path: string, query?: Query): Promise<{ body: string; contentType: string }>;
  send<S extends z.ZodType>(
    schema: S,
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<z.infer<S>>;
}

const NEXT_CURSOR_HEADER = 'x-next-cursor';

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export function createApiClient(transport: ApiTransport, authorization: string): ApiClient {
  const call = async (method: ApiRequest['method'], path: string, body?: unknown) => {
    const response = await transport({
      method,
      path,
      authorization,
      ...(body === undefined ? {} : { body }),
    });
    if (response.status >= 400) throw toProblem(response);
    return response;
  };
  const parse = <S extends z.ZodType>(schema: S, response: ApiResponse): z.infer<S> => {
    let json: unknown;
    try {
      json = response.body === '' ? undefined : JSON.parse(response.body);
    } catch {
      // A web page where the API should be: the address is not a stackyard server's (or a proxy answered).
      throw new ApiProblem(
        502,
        'Not a stackyard API',
        `The server answered ${response.headers['content-type'] ?? 'something'} instead of JSON: is this the address of a stackyard server?`,
        [],
      );
    }
    return schema.parse(json);
  };
  return {
    async get(schema, path, query) {
      return parse(schema, await call('GET', withQuery(path, query)));
    },
    async page(schema, path, query) {
      const response = await call('GET', withQuery(path, query));
      return { items: parse(schema, response), nextCursor: response.headers[NEXT_CURSOR_HEADER] ?? null };
    },
    async text(path, query) {
      const response = await call('GET', withQuery(path, query));
      return { body: response.body, contentType: response.headers['content-type'] ?? 'text/plain' };
    },
    async send(schema, method, path, body) {
      return parse(schema, await call(method, path, body ?? (method === 'DELETE' ? undefined : {})));
    },
  };
}

function toProblem(response: ApiResponse): ApiProblem {
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    parsed = null;
  }
  const problem = problemSchema.safeParse(parsed);
  if (!problem.success) {
    return new ApiProblem(response.status, 'Error', `The stackyard API answered ${response.status}.`, []);
  }
  const { title, detail, errors } = problem.data;
  return new ApiProblem(response.status, title, detail ?? title, errors ?? []);
}
