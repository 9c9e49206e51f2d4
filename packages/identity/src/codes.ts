import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { identityCodes } from '@stackyard/db/schema';
import type { IdentityContext } from './context.ts';

// Six-digit one-time codes bound to one flow, valid one hour, stored only as HMAC(secret, flow id + code).

const CODE_TTL_MS = 3600_000;
export const MAX_CODE_SUBMISSIONS = 5;

export async function issueCode(ctx: IdentityContext, flowId: string, address: string): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHmac = await ctx.keys.hmac(`${flowId}:${code}`);
  // A new code replaces the flow's earlier ones.
  await ctx.db
    .update(identityCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(identityCodes.flowId, flowId), isNull(identityCodes.usedAt)));
  await ctx.db.insert(identityCodes).values({
    flowId,
    address,
    codeHmac,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return code;
}

/** Marks the code used and answers its address when it is the flow's live code; else null. */
export async function redeemCode(ctx: IdentityContext, flowId: string, code: string): Promise<string | null> {
  const candidates = await ctx.db
    .select()
    .from(identityCodes)
    .where(
      and(
        eq(identityCodes.flowId, flowId),
        isNull(identityCodes.usedAt),
        gt(identityCodes.expiresAt, new Date()),
      ),
    );
  for (const candidate of candidates) {
    if (await ctx.keys.hmacEquals(`${flowId}:${code.trim()}`, candidate.codeHmac)) {
      const used = await ctx.db
        .update(identityCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(identityCodes.id, candidate.id), isNull(identityCodes.usedAt)))
        .returning({ id: identityCodes.id });
      return used.length ? candidate.address : null;
    }
  }
  return null;
}
