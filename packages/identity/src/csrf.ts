import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from './errors.ts';

// Double-submit CSRF as Kratos does it (nosurf): an HttpOnly cookie holds a random token; the form carries a
// masked copy (a one-time pad and the token XOR the pad), so the value in the page differs on every render
// and cannot be used to read the cookie back through compression side channels (BREACH).

const TOKEN_BYTES = 32;

export interface CsrfOptions {
  publicUrl: string;
  secure: boolean;
}

export function csrfCookieName(publicUrl: string): string {
  return `csrf_token_${createHash('sha256').update(publicUrl).digest('hex')}`;
}

function decode(value: string | undefined, bytes: number): Buffer | null {
  if (!value) return null;
  const buffer = Buffer.from(value, 'base64url');
  return buffer.length === bytes ? buffer : null;
}

/** The browser's CSRF token, set in a cookie first if it has none (or a malformed one). */
export function ensureCsrfToken(request: FastifyRequest, reply: FastifyReply, options: CsrfOptions): Buffer {
  const name = csrfCookieName(options.publicUrl);
  const existing = decode(request.cookies[name], TOKEN_BYTES);
  if (existing) return existing;
  const token = randomBytes(TOKEN_BYTES);
  reply.setCookie(name, token.toString('base64url'), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    maxAge: 365 * 24 * 3600,
  });
  // A later read in the same request (a second flow created on the fly) must see the same token.
  request.cookies[name] = token.toString('base64url');
  return token;
}

export function maskToken(token: Buffer): string {
  const pad = randomBytes(TOKEN_BYTES);
  const masked = Buffer.alloc(TOKEN_BYTES);
  for (let i = 0; i < TOKEN_BYTES; i++) masked[i] = (token[i] ?? 0) ^ (pad[i] ?? 0);
  return Buffer.concat([pad, masked]).toString('base64url');
}

function unmask(value: string | undefined): Buffer | null {
  const raw = decode(value, TOKEN_BYTES * 2);
  if (!raw) return null;
  const token = Buffer.alloc(TOKEN_BYTES);
  for (let i = 0; i < TOKEN_BYTES; i++) token[i] = (raw[i] ?? 0) ^ (raw[i + TOKEN_BYTES] ?? 0);
  return token;
}

/** True when the masked value belongs to the browser's cookie. */
export function matchesCookie(
  request: FastifyRequest,
  masked: string | undefined,
  publicUrl: string,
): boolean {
  const cookie = decode(request.cookies[csrfCookieName(publicUrl)], TOKEN_BYTES);
  const token = unmask(masked);
  return cookie !== null && token !== null && timingSafeEqual(cookie, token);
}

/** Throws 403 security_csrf_violation unless the submission carries the cookie's token. */
export function assertCsrf(request: FastifyRequest, body: Record<string, unknown>, publicUrl: string): void {
  const header = request.headers['x-csrf-token'];
  const submitted = typeof body.csrf_token === 'string' ? body.csrf_token : header;
  if (!matchesCookie(request, typeof submitted === 'string' ? submitted : undefined, publicUrl)) {
    throw errors.csrf();
  }
}
