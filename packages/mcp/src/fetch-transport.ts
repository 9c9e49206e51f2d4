import type { ApiTransport } from './api-client.ts';

/** The product API of a stackyard server at `baseUrl`, over the network (the command line, the stdio bridge). */
export function fetchTransport(baseUrl: string): ApiTransport {
  const api = `${baseUrl.replace(/\/+$/, '')}/api/v1`;
  return async ({ method, path, body, authorization }) => {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, body: await response.text() };
  };
}
