// The verifier the product API uses: it accepts the service's tokens, follows a key rotation, and rejects
// a token signed by another key, an expired one and an unsigned (`alg: none`) one. When the keys cannot
// be fetched it says so, apart from "invalid": the caller's token may be fine.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { eq } from 'drizzle-orm';
import { describe, expect, test as base } from 'vitest';
import { identityKeys } from '@stackyard/db/schema';
import { serverFixture } from '@stackyard/testing/api-fixtures';
import { createKeyStore } from './keys.ts';
import { createTokenVerifier, InvalidTokenError, KeysUnavailableError } from './verify-token.ts';
import { startIdentityServer } from './testing.ts';

const claims = { sub: '5f0e2c1a-6d3b-4a8e-9b7c-0d1e2f3a4b5c', sid: 's', email: 'ada@example.com' };

const test = base
  // The identity service, and `verify`, the verifier of its tokens.
  .extend(
    'server',
    { scope: 'file' },
    serverFixture(() => startIdentityServer()),
  )
  .extend('verify', { scope: 'file' }, ({ server }) =>
    createTokenVerifier({
      jwksUrl: `${server.basePath}/.well-known/jwks.json`,
      issuer: server.basePath,
      refetchCooldownMs: 0,
    }),
  )
  // A bare JWKS endpoint (not the identity service) so that the test sees each fetch and can break it:
  // `published` is the key set it answers, `fetches` how many times it was asked for it.
  .extend('jwks', { scope: 'file' }, async ({}, { onCleanup }) => {
    const state = { origin: '', published: [] as JWK[], fetches: 0 };
    const jwksServer = createServer((request, response) => {
      if (request.url === '/broken/jwks.json') {
        response.statusCode = 500;
        response.end();
        return;
      }
      state.fetches++;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: state.published }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    onCleanup(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));
    const address = jwksServer.address();
    state.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return state;
  });

function unsigned(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

describe('createTokenVerifier', () => {
  test('accepts a token of the service and answers its claims', async ({ server, verify }) => {
    const token = await server.keys.sign(claims, 600, server.basePath);
    await expect(verify(token)).resolves.toMatchObject({
      sub: claims.sub,
      sid: 's',
      email: 'ada@example.com',
    });
  });

  test('rejects a token signed by another key, even one that claims a published kid', async ({
    server,
    verify,
  }) => {
    const { privateKey } = await generateKeyPair('EdDSA');
    const { keys } = await server.keys.jwks();
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: String(keys[0]?.kid) })
      .setIssuer(server.basePath)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    await expect(verify(forged)).rejects.toThrow(InvalidTokenError);
    const stranger = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: 'someone-else' })
      .setIssuer(server.basePath)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    await expect(verify(stranger)).rejects.toThrow(InvalidTokenError);
  });

  test('rejects an expired token', async ({ server, verify }) => {
    const token = await server.keys.sign(
      { ...claims, iat: Math.floor(Date.now() / 1000) - 1200 },
      -600,
      server.basePath,
    );
    await expect(verify(token)).rejects.toThrow(/exp/);
  });

  test('rejects an unsigned token (alg none)', async ({ server, verify }) => {
    const now = Math.floor(Date.now() / 1000);
    await expect(
      verify(unsigned({ ...claims, iss: server.basePath, iat: now, exp: now + 600 })),
    ).rejects.toThrow(InvalidTokenError);
  });

  test('rejects a token of another issuer', async ({ server, verify }) => {
    const token = await server.keys.sign(claims, 600, 'https://elsewhere.example');
    await expect(verify(token)).rejects.toThrow(InvalidTokenError);
  });

  test('follows a key rotation: fetches the new key on its unknown kid and keeps the old one published', async ({
    server,
    verify,
  }) => {
    const before = await server.keys.sign(claims, 600, server.basePath);
    await verify(before);
    await server.keys.rotate();
    const after = await server.keys.sign(claims, 600, server.basePath);
    await expect(verify(after)).resolves.toMatchObject({ sub: claims.sub });
    await expect(verify(before)).resolves.toMatchObject({ sub: claims.sub });
    const response = await fetch(`${server.basePath}/.well-known/jwks.json`);
    const { keys } = (await response.json()) as { keys: Array<{ kid: string; d?: string }> };
    expect(keys).toHaveLength(2);
    expect(keys.every((key) => key.d === undefined)).toBe(true);
  });

  test('replaces a key past its maximum age on next use, keeping the old one published', async ({
    server,
    verify,
  }) => {
    const store = createKeyStore(server.db.db, {
      algorithm: 'EdDSA',
      tokenTtlSeconds: 600,
      keyMaxAgeSeconds: 3600,
    });
    const first = await store.sign(claims, 600, server.basePath);
    const kidOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as { kid: string }).kid;
    await server.db.db
      .update(identityKeys)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(identityKeys.id, kidOf(first)));
    const fresh = createKeyStore(server.db.db, {
      algorithm: 'EdDSA',
      tokenTtlSeconds: 600,
      keyMaxAgeSeconds: 3600,
    });
    const second = await fresh.sign(claims, 600, server.basePath);
    expect(kidOf(second)).not.toBe(kidOf(first));
    const published = (await fresh.jwks()).keys.map((key) => key.kid);
    expect(published).toContain(kidOf(first));
    await expect(verify(first)).resolves.toMatchObject({ sub: claims.sub });
    await expect(verify(second)).resolves.toMatchObject({ sub: claims.sub });
  });

  test('works the same with ES256 keys', async ({ verify }) => {
    const es = await startIdentityServer({ signingAlgorithm: 'ES256' });
    try {
      const token = await es.keys.sign(claims, 600, es.basePath);
      expect(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString())).toMatchObject({
        alg: 'ES256',
      });
      const verifyEs = createTokenVerifier({
        jwksUrl: `${es.basePath}/.well-known/jwks.json`,
        issuer: es.basePath,
      });
      await expect(verifyEs(token)).resolves.toMatchObject({ sub: claims.sub });
      await expect(verify(token)).rejects.toThrow(InvalidTokenError);
    } finally {
      await es.close();
    }
  });
});

interface Key {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function makeKey(alg: 'EdDSA' | 'ES256'): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

function signWith(key: Key, issuer = 'http://identity.test'): Promise<string> {
  return new SignJWT({ sid: 'session-1', email: 'a@example.test' })
    .setProtectedHeader({ alg: String(key.publicJwk.alg), kid: key.kid, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key.privateKey);
}

describe('createTokenVerifier against a JWKS URL', () => {
  test('caches the key set and fetches it again when a token names an unknown kid', async ({ jwks }) => {
    const first = await makeKey('EdDSA');
    const second = await makeKey('ES256');
    jwks.published = [first.publicJwk];
    jwks.fetches = 0;
    const verifyRemote = createTokenVerifier({
      jwksUrl: `${jwks.origin}/.well-known/jwks.json`,
      issuer: 'http://identity.test',
      refetchCooldownMs: 0,
    });
    await expect(verifyRemote(await signWith(first))).resolves.toMatchObject({
      sub: claims.sub,
      sid: 'session-1',
      email: 'a@example.test',
    });
    await verifyRemote(await signWith(first));
    expect(jwks.fetches).toBe(1);
    // The identity service rotates its key: the new kid is unknown, so the set is fetched again.
    jwks.published = [first.publicJwk, second.publicJwk];
    await expect(verifyRemote(await signWith(second))).resolves.toMatchObject({ sub: claims.sub });
    expect(jwks.fetches).toBe(2);
  });

  test('says "keys unavailable", not "invalid", when the key set cannot be fetched', async ({ jwks }) => {
    const key = await makeKey('EdDSA');
    const token = await signWith(key);
    const unreachable = createTokenVerifier({
      jwksUrl: 'http://127.0.0.1:9/.well-known/jwks.json',
      issuer: 'http://identity.test',
      fetchTimeoutMs: 500,
    });
    await expect(unreachable(token)).rejects.toBeInstanceOf(KeysUnavailableError);
    const broken = createTokenVerifier({
      jwksUrl: `${jwks.origin}/broken/jwks.json`,
      issuer: 'http://identity.test',
    });
    await expect(broken(token)).rejects.toBeInstanceOf(KeysUnavailableError);
  });
});

describe('createTokenVerifier with given keys', () => {
  test('checks the issuer only when one is given, and still refuses other keys and alg none', async () => {
    const [known, stranger] = await Promise.all([makeKey('EdDSA'), makeKey('EdDSA')]);
    const keys = createLocalJWKSet({ keys: [known.publicJwk] });
    const anyIssuer = createTokenVerifier({ keys });
    await expect(anyIssuer(await signWith(known, 'http://anyone.test'))).resolves.toMatchObject({
      sub: claims.sub,
    });
    await expect(anyIssuer(await signWith(stranger))).rejects.toThrow(InvalidTokenError);
    const now = Math.floor(Date.now() / 1000);
    await expect(anyIssuer(unsigned({ ...claims, iat: now, exp: now + 600 }))).rejects.toThrow(
      InvalidTokenError,
    );
    const oneIssuer = createTokenVerifier({ keys, issuer: 'http://identity.test' });
    await expect(oneIssuer(await signWith(known, 'http://anyone.test'))).rejects.toThrow(InvalidTokenError);
  });
});
