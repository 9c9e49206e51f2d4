// OAuth rows made directly: a registered client, a pending authorization of it, and a user's grant.
import type { Database } from '@stackyard/db/client';
import { oauthAuthorizations, oauthClients, oauthGrants } from '@stackyard/db/schema';

export async function seedOAuthGrant(
  db: Database,
  input: { userId: string; workspaceId: string },
): Promise<{ authorizationId: string; grantId: string }> {
  const [client] = await db
    .insert(oauthClients)
    .values({
      clientId: crypto.randomUUID(),
      kind: 'registered',
      name: 'Seeded client',
      redirectUris: ['http://127.0.0.1/callback'],
    })
    .returning();
  if (!client) throw new Error('client not seeded');
  const [authorization] = await db
    .insert(oauthAuthorizations)
    .values({
      clientId: client.id,
      redirectUri: 'http://127.0.0.1/callback',
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      resource: 'http://localhost/mcp',
      requestedScope: 'read',
      expiresAt: new Date(Date.now() + 10 * 60 * 1000),
    })
    .returning();
  const [grant] = await db
    .insert(oauthGrants)
    .values({
      userId: input.userId,
      clientId: client.id,
      scope: 'read',
      workspaceIds: [input.workspaceId],
      resource: 'http://localhost/mcp',
    })
    .returning();
  if (!authorization || !grant) throw new Error('grant not seeded');
  return { authorizationId: authorization.id, grantId: grant.id };
}
