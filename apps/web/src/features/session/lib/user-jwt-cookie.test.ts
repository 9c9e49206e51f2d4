// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cookieDomainFor, jwtExpiry, refreshDelay, userJwtCookie } from './user-jwt-cookie';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('user_jwt cookie', () => {
  it('is Lax on path / with the lifetime given, Secure only on https', () => {
    expect(userJwtCookie('a.b.c', 600, { hostname: 'localhost', protocol: 'http:', domain: undefined })).toBe(
      'user_jwt=a.b.c; Path=/; Max-Age=600; SameSite=Lax',
    );
    expect(
      userJwtCookie('t', 59.9, { hostname: 'app.example.com', protocol: 'https:', domain: 'example.com' }),
    ).toBe('user_jwt=t; Path=/; Max-Age=59; SameSite=Lax; Domain=example.com; Secure');
  });

  it('is cleared with Max-Age=0', () => {
    expect(userJwtCookie('', 0, { hostname: 'localhost', protocol: 'http:', domain: undefined })).toContain(
      'Max-Age=0',
    );
  });

  it('takes the parent domain only where the browser would accept it', () => {
    expect(cookieDomainFor('app.example.com', 'example.com')).toBe('example.com');
    expect(cookieDomainFor('example.com', '.example.com')).toBe('example.com');
    expect(cookieDomainFor('localhost', 'example.com')).toBeUndefined();
    expect(cookieDomainFor('127.0.0.1', 'example.com')).toBeUndefined();
    expect(cookieDomainFor('evil.test', 'example.com')).toBeUndefined();
    expect(cookieDomainFor('app.example.com', undefined)).toBeUndefined();
  });

  it('reads the expiry of a JWT', () => {
    expect(jwtExpiry(`${b64({ alg: 'EdDSA' })}.${b64({ exp: 1234 })}.sig`)).toBe(1234);
    expect(jwtExpiry('not-a-jwt')).toBeNull();
    expect(jwtExpiry(`x.${b64({ sub: 'a' })}.y`)).toBeNull();
  });
});

describe('JWT refresh', () => {
  it('fetches a new token a minute before the old one expires', () => {
    // The identity service's tokens live 10 minutes.
    expect(refreshDelay(600_000, 0)).toBe(540_000);
  });

  it('retries soon, not in a tight loop, when the token is about to expire or already has', () => {
    expect(refreshDelay(30_000, 0)).toBe(5_000);
    expect(refreshDelay(0, 60_000)).toBe(5_000);
  });

  it('does not poll without a token', () => {
    expect(refreshDelay(null, 0)).toBe(false);
  });
});
