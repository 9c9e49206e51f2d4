import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import type { Database } from '@stackyard/db/client';
import { identityKeys } from '@stackyard/db/schema';

// Keys live in the database so every process on it signs with the same key and publishes the same JWKS.
// A key is made on first start; rotation inserts a newer one and retires the old one, which stays
// published until the tokens it signed have expired.

const RELOAD_MS = 60_000;

interface SigningKey {
  kid: string;
  createdAt: Date;
  alg: string;
  privateKey: Exclude<Awaited<ReturnType<typeof importJWK>>, Uint8Array>;
}

export interface KeyStore {
  sign(claims: Record<string, unknown>, ttlSeconds: number, issuer: string): Promise<string>;
  jwks(): Promise<{ keys: JWK[] }>;
  /** HMAC-SHA256 of a value with the code secret, hex. */
  hmac(value: string): Promise<string>;
  hmacEquals(value: string, expectedHex: string): Promise<boolean>;
  rotate(): Promise<string>;
}

export function createKeyStore(
  db: Database,
  options: {
    algorithm: 'EdDSA' | 'ES256';
    tokenTtlSeconds: number;
    /** A key older than this is replaced by a new one on next use. */
    keyMaxAgeSeconds: number;
    secret?: string | undefined;
  },
): KeyStore {
  let current: { key: SigningKey; loadedAt: number } | null = null;
  let secret: Promise<Buffer> | null = options.secret ? Promise.resolve(Buffer.from(options.secret)) : null;

  async function newest(): Promise<SigningKey | null> {
    const [row] = await db
      .select()
      .from(identityKeys)
      .where(and(eq(identityKeys.kind, 'jwt'), isNull(identityKeys.retiredAt)))
      .orderBy(desc(identityKeys.createdAt))
      .limit(1);
    if (!row) return null;
    const privateKey = await importJWK(row.privateJwk as JWK, row.algorithm);
    if (privateKey instanceof Uint8Array) throw new Error('a signing key must be asymmetric');
    return { kid: row.id, createdAt: row.createdAt, alg: row.algorithm, privateKey };
  }

  async function insertKey(): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair(options.algorithm, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: options.algorithm, use: 'sig' };
    await db.insert(identityKeys).values({
      id: kid,
      kind: 'jwt',
      algorithm: options.algorithm,
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: options.algorithm },
      publicJwk,
    });
    return kid;
  }

  async function rotate(): Promise<string> {
    const kid = await insertKey();
    await db
      .update(identityKeys)
      .set({ retiredAt: sql`now()` })
      .where(
        and(eq(identityKeys.kind, 'jwt'), isNull(identityKeys.retiredAt), sql`${identityKeys.id} <> ${kid}`),
      );
    current = null;
    return kid;
  }

  async function signingKey(): Promise<SigningKey> {
    if (current && Date.now() - current.loadedAt < RELOAD_MS) return current.key;
    let key = await newest();
    if (!key) {
      // Two processes starting at once may both insert one; the newest wins for both from then on.
      await insertKey();
      key = await newest();
    }
    if (!key) throw new Error('no signing key could be made');
    if (Date.now() - key.createdAt.getTime() > options.keyMaxAgeSeconds * 1000) {
      // Processes racing here each add a key; the newest wins and the others stay published until
      // their tokens expire, so every token issued meanwhile still verifies.
      await rotate();
      key = (await newest()) ?? key;
    }
    current = { key, loadedAt: Date.now() };
    return key;
  }

  async function codeSecret(): Promise<Buffer> {
    const load = async () => {
      await db
        .insert(identityKeys)
        .values({
          id: 'code-hmac',
          kind: 'hmac',
          algorithm: 'HS256',
          privateJwk: { kty: 'oct', k: randomBytes(32).toString('base64url') },
        })
        .onConflictDoNothing();
      const [row] = await db.select().from(identityKeys).where(eq(identityKeys.id, 'code-hmac'));
      const k = row?.privateJwk.k;
      if (typeof k !== 'string') throw new Error('the code secret is missing');
      return Buffer.from(k, 'base64url');
    };
    secret ??= load();
    try {
      return await secret;
    } catch (error) {
      secret = null;
      throw error;
    }
  }

  return {
    async sign(claims, ttlSeconds, issuer) {
      const key = await signingKey();
      return new SignJWT(claims)
        .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setIssuedAt()
        .setNotBefore('0s')
        .setExpirationTime(`${ttlSeconds}s`)
        .setJti(randomUUID())
        .sign(key.privateKey);
    },
    async jwks() {
      await signingKey();
      const rows = await db
        .select({ publicJwk: identityKeys.publicJwk })
        .from(identityKeys)
        .where(
          and(
            eq(identityKeys.kind, 'jwt'),
            or(
              isNull(identityKeys.retiredAt),
              gt(identityKeys.retiredAt, sql`now() - make_interval(secs => ${options.tokenTtlSeconds + 60})`),
            ),
          ),
        )
        .orderBy(desc(identityKeys.createdAt), asc(identityKeys.id));
      return { keys: rows.flatMap((row) => (row.publicJwk ? [row.publicJwk as JWK] : [])) };
    },
    async hmac(value) {
      return createHmac('sha256', await codeSecret())
        .update(value)
        .digest('hex');
    },
    async hmacEquals(value, expectedHex) {
      const actual = Buffer.from(await this.hmac(value), 'hex');
      const expected = Buffer.from(expectedHex, 'hex');
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    rotate,
  };
}
