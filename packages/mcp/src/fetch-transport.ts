import type { ApiTransport } from './api-client.ts';

/** How long one API call may take before the command line gives up on the server. */
const CALL_TIMEOUT_MS = 60_000;

/** The server could not be reached at all: the message names the URL tried and why. */
export class ServerUnreachable extends Error {
  constructor(url: string, error: unknown) {
    super(`could not reach the stackyard server at ${url}: ${reason(error)}`);
    this.name = 'ServerUnreachable';
  }
}

/** The product API of a stackyard server at `baseUrl`, over the network (the command line, the stdio bridge). */
export function fetchTransport(baseUrl: string): ApiTransport {
  const api = `${baseUrl.replace(/\/+$/, '')}/api/v1`;
  return async ({ method, path, body, authorization }) => {
    let response: Response;
    try {
      response = await fetch(`${api}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ServerUnreachable(`${api}${path.split('?')[0]}`, error);
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, body: await response.text() };
  };
}

// fetch() says only "fetch failed"; the reason is in its cause's code.
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'nothing answers there (connection refused); is the server running?',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  ECONNRESET: 'the connection was closed before an answer came',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's TLS certificate is self-signed",
};

function reason(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return `no answer within ${CALL_TIMEOUT_MS / 1000} s`;
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code;
  if (code && REASONS[code]) return REASONS[code];
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return code && !message.includes(code) ? `${message} (${code})` : message;
}
