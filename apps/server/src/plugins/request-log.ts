import type { FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_PREFIX } from '@stackyard/contracts/access-token';

// Credentials never reach the log. Clients put them in URLs (a personal access token as `?token=`, GitHub's
// one-time `code` on the installation and OIDC callbacks, an OAuth `state`), and URLs reach the log in the
// request line, in error messages (Fastify's "Route … not found", a failed fetch naming its URL) and in the
// messages of the workers. Every such text is passed through redactSecrets before it is written.

const REDACTED = '[REDACTED]';

/** Query parameter names that carry a credential: these words anywhere in the name, or these names exactly. */
const SECRET_NAME_PART = /token|secret|passw|credential|key|session|jwt/i;
const SECRET_NAMES = new Set(['code', 'state', 'auth', 'authorization', 'sig', 'signature', 'otp']);

// `name=value` after `?`, `&` or `;`, up to the next separator, quote or space: a query inside any text.
const PARAMETER = /([?&;])([^=&;?#\s"'<>]+)=([^&;#\s"'<>]*)/g;
const ACCESS_TOKEN = new RegExp(`${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]+`, 'g');
const BEARER = /\b(Bearer|Basic)(\s+|%20|\+)[A-Za-z0-9._~+/=-]+/gi;
// A JWT: three base64url parts, the first an encoded JSON object (`{"` is `eyJ`).
const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;

function isSecretName(name: string): boolean {
  const decoded = safeDecode(name).toLowerCase();
  return SECRET_NAMES.has(decoded) || SECRET_NAME_PART.test(decoded);
}

/**
 * The text with every credential-shaped value replaced by "[REDACTED]": personal access tokens and JWTs
 * anywhere, bearer and basic credentials, and the values of query parameters named like a credential.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(ACCESS_TOKEN, `${ACCESS_TOKEN_PREFIX}${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(BEARER, `$1$2${REDACTED}`)
    .replace(PARAMETER, (whole, separator: string, name: string) =>
      isSecretName(name) ? `${separator}${name}=${REDACTED}` : whole,
    );
}

/** The same fields as Fastify's default `req` serializer, with the URL redacted. */
export function requestLogValue(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSecrets(request.url),
    version: headerText(request.headers['accept-version']),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/**
 * pino options that redact the message of every line and the text fields logged beside it (a worker's `url`,
 * a route's `path`); `req` and `err` have serializers of their own that do it.
 */
export const logRedaction = {
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
      method.apply(
        this,
        args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg)),
      );
    },
  },
  formatters: {
    log(object: Record<string, unknown>): Record<string, unknown> {
      const redacted: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(object)) {
        redacted[key] = typeof value === 'string' ? redactSecrets(value) : value;
      }
      return redacted;
    },
  },
};

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
