import type { z } from 'zod';
import { problemSchema, type Problem } from '@stackyard/contracts/problem';
import { NEXT_CURSOR_HEADER } from '@stackyard/contracts/catalog';
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions<T extends z.ZodType | undefined> {
  method?: Method;
  body?: unknown;
  /** Parses the answer; without it the answer is ignored (a 204). */
  schema?: T;
  signal?: AbortSignal;
}

async function problemOf(response: Response): Promise<Problem | null> {
  try {
    const parsed = problemSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
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
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const attempt = () =>
    fetch(`${env.apiBasePath}${path}`, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
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

/** GETs one page of a catalog list; the next page's cursor travels in the `x-next-cursor` header. */
export async function apiPage<T extends z.ZodType>(
  path: string,
  schema: z.ZodArray<T>,
  signal?: AbortSignal,
): Promise<ApiPage<z.infer<T>>> {
  const response = await send(path, { signal });
  const items = schema.parse(await response.json());
  return { items, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
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
