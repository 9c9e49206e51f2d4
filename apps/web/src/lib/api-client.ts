import type { z } from 'zod';
import type { Problem } from '@stackyard/contracts/problem';
import { NEXT_CURSOR_HEADER } from '@stackyard/contracts/paging';
import { APP_REQUEST_HEADER, APP_REQUEST_HEADER_VALUE } from '@stackyard/contracts/app-request';
import { env } from '@/config/env';
import { renewCredentialsHook } from './credentials-renewal';

/** A failed product API call. `message` is the problem's `detail`, the text meant for the user. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | null;

  constructor(status: number, message: string, problem: Problem | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<T extends z.ZodType | undefined> {
  method?: Method;
  body?: unknown;
  /** Parses the answer; without it the answer is ignored (a 204). */
  schema?: T;
  signal?: AbortSignal;
}

/** The problem details of a failed call; null when the body is not one (a proxy's error page, say). */
async function problemOf(response: Response): Promise<Problem | null> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return null;
    const { title, status, detail } = body as Partial<Record<keyof Problem, unknown>>;
    const isProblem =
      typeof title === 'string' &&
      typeof status === 'number' &&
      (detail === undefined || typeof detail === 'string');
    return isProblem ? (body as Problem) : null;
  } catch {
    return null;
  }
}

async function send(path: string, options: RequestOptions<z.ZodType | undefined>): Promise<Response> {
  const { method = 'GET', body, signal } = options;
  // The app's header is how the API tells this page's calls from a forged one carrying the same cookie.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [APP_REQUEST_HEADER]: APP_REQUEST_HEADER_VALUE,
  };
  // A file (a Blob) goes as its bytes with its own type; anything else as JSON.
  if (body !== undefined) headers['Content-Type'] = body instanceof Blob ? body.type : 'application/json';
  const attempt = () =>
    fetch(`${env.apiBasePath}${path}`, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
      signal,
    });
  let response = await attempt();
  // One retry with a renewed token; a second 401 means the session itself is gone.
  const renew = renewCredentialsHook();
  if (response.status === 401 && renew && (await renew())) response = await attempt();
  if (!response.ok) {
    const problem = await problemOf(response);
    const message = problem?.detail ?? problem?.title ?? `The request failed (${response.status}).`;
    throw new ApiError(response.status, message, problem);
  }
  return response;
}

/** Calls the product API with the browser's cookies (the user_jwt), and checks the answer with its contract. */
export async function apiRequest<T extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T extends z.ZodType ? z.infer<T> : undefined> {
  const response = await send(path, options);
  const { schema } = options;
  if (!schema) return undefined as T extends z.ZodType ? z.infer<T> : undefined;
  return schema.parse(await response.json()) as T extends z.ZodType ? z.infer<T> : undefined;
}

/**
 * Calls the product API like `apiRequest` and answers its JSON as the contract's type, unchecked. The first
 * pages read the API this way, so that zod's runtime is not part of what they load: the server checks every
 * response against the same contract in its tests and in its OpenAPI document.
 */
export async function apiJson<T>(path: string, options: RequestOptions<undefined> = {}): Promise<T> {
  return (await (await send(path, options)).json()) as T;
}

/** A file the API answers (an export): its text, not JSON. */
export async function apiText(path: string, signal?: AbortSignal): Promise<string> {
  return (await send(path, { signal })).text();
}

/** A binary download (a zip). */
export async function apiBlob(path: string): Promise<Blob> {
  return (await send(path, {})).blob();
}

/** One page of a paged list: its items, and the next page's cursor (absent on the last page). */
export interface ApiPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * GETs an answer as the contract types it (unchecked, as `apiJson`), and the next page's cursor from the
 * `x-next-cursor` header.
 */
export async function apiWithCursor<T>(
  path: string,
  signal?: AbortSignal,
): Promise<{ body: T; nextCursor: string | null }> {
  const response = await send(path, { signal });
  return { body: (await response.json()) as T, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

/** GETs one page of a catalog list. */
export async function apiPage<T>(path: string, signal?: AbortSignal): Promise<ApiPage<T>> {
  const { body, nextCursor } = await apiWithCursor<T[]>(path, signal);
  return { items: body, nextCursor };
}

/** A query string from the defined values only. */
export function queryString(query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
