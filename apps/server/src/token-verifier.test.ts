// A token's signature is checked once and remembered until the token expires; revocation is asked on every
// call all the same (session-revocation.test.ts covers it end to end through the app).
import { describe, expect, it } from 'vitest';
import type { TokenVerifier } from '@stackyard/api/auth/token-verifier';
import { createTestIssuer } from '@stackyard/testing/test-tokens';
import { withRevocation, withTokenCache } from './token-verifier.ts';

async function countingIssuer() {
  const issuer = await createTestIssuer();
  const calls: string[] = [];
  const counting: TokenVerifier = {
    async verify(token) {
      calls.push(token);
      return issuer.verifier.verify(token);
    },
  };
  return { issuer, calls, counting };
}

describe('withTokenCache', () => {
  it('checks a valid token once, and says the same every time', async () => {
    const { issuer, calls, counting } = await countingIssuer();
    const verifier = withTokenCache(counting);
    const token = await issuer.sign('00000000-0000-4000-8000-000000000001', { sessionId: 's1' });
    const first = await verifier.verify(token);
    expect(await verifier.verify(token)).toEqual(first);
    expect(first).toMatchObject({ identityId: '00000000-0000-4000-8000-000000000001', sessionId: 's1' });
    expect(calls).toHaveLength(1);
  });

  it('checks a refused token every time, so it is never let in', async () => {
    const { issuer, calls, counting } = await countingIssuer();
    const verifier = withTokenCache(counting);
    const stranger = await issuer.sign('00000000-0000-4000-8000-000000000002', { unknownKey: true });
    await expect(verifier.verify(stranger)).rejects.toThrow();
    await expect(verifier.verify(stranger)).rejects.toThrow();
    expect(calls).toHaveLength(2);
  });

  it('forgets a token once it has expired, and forgets the oldest when full', async () => {
    const { issuer, calls, counting } = await countingIssuer();
    const verifier = withTokenCache(counting, 2);
    // Expired beyond the verifier's clock tolerance: refused, never remembered.
    const expired = await issuer.sign('00000000-0000-4000-8000-000000000003', { expiresIn: -60 });
    await expect(verifier.verify(expired)).rejects.toThrow();
    const tokens = await Promise.all(
      [4, 5, 6].map((n) => issuer.sign(`00000000-0000-4000-8000-00000000000${n}`)),
    );
    for (const token of tokens) await verifier.verify(token);
    await verifier.verify(tokens[2] ?? '');
    await verifier.verify(tokens[0] ?? '');
    expect(calls.filter((token) => token === tokens[0])).toHaveLength(2);
    expect(calls.filter((token) => token === tokens[2])).toHaveLength(1);
  });

  it('under withRevocation, a remembered token of an ended session is refused', async () => {
    const { issuer, counting } = await countingIssuer();
    const ended = new Set<string>();
    const revoked = { has: (sid: string) => ended.has(sid), start: async () => {}, stop: () => {} };
    const verifier = withRevocation(withTokenCache(counting), revoked);
    const token = await issuer.sign('00000000-0000-4000-8000-000000000007', { sessionId: 'gone' });
    await verifier.verify(token);
    ended.add('gone');
    await expect(verifier.verify(token)).rejects.toThrow('the session of this token has ended');
  });
});
