// The server as the web app's component tests meet it: the global fetch, stubbed, records each request and
// answers it with what the test's function makes of it.
import { vi } from 'vitest';
import { json } from './fixtures';

export interface ApiCall {
  method: string;
  /** The address asked for, resolved against the page's origin as the browser would. */
  url: URL;
  /** The JSON body sent, parsed; undefined when there was none (or it was not text). */
  body: unknown;
  /** The request's abort signal: an answer may stay pending until it fires. */
  signal: AbortSignal | undefined;
  /** The request as given to fetch (headers, credentials…), for the tests of the fetch wrappers. */
  init: RequestInit;
}

export type ApiAnswer = (call: ApiCall) => Response | Promise<Response>;

/** Stubs the global fetch with `answer`; the calls made fill the list answered, in order. */
export function stubApi(answer: ApiAnswer): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const address = input instanceof Request ? input.url : String(input);
    const call: ApiCall = {
      method: init.method ?? 'GET',
      // A test in Node's environment has no page: its addresses resolve against localhost.
      url: new URL(address, globalThis.location?.origin ?? 'http://localhost'),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      signal: init.signal ?? undefined,
      init,
    };
    calls.push(call);
    return answer(call);
  });
  return calls;
}

/** A call as `METHOD /path`, the query left out: which endpoints were called. */
export const requestLine = (call: ApiCall) => `${call.method} ${call.url.pathname}`;

/** An error answer as the API sends it: a problem document with the status, its title and the detail. */
export const problem = (status: number, title: string, detail: string, code?: string) =>
  json({ type: 'about:blank', title, status, detail, ...(code === undefined ? {} : { code }) }, status);
