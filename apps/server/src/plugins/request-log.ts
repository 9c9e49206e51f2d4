import type { FastifyRequest } from 'fastify';

// Fastify's request log line, with OAuth credentials in the query string blanked: GitHub sends `code` to the
// installation callback page and to the identity OIDC callback, and a code is a credential until exchanged.

const SECRET_PARAMETERS = new Set(['code', 'access_token', 'refresh_token', 'client_secret']);

/** The URL with the values of credential-bearing query parameters replaced by "[REDACTED]". */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SECRET_PARAMETERS.has(safeDecode(name).toLowerCase())
        ? `${name}=[REDACTED]`
        : pair;
    });
  return `${url.slice(0, query)}?${parameters.join('&')}`;
}

/** The same fields as Fastify's default `req` serializer, with the URL redacted. */
export function requestLogValue(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: headerText(request.headers['accept-version']),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
