import { z } from 'zod';
import { accessTokenScopeSchema } from './access-token.ts';
import { timestampSchema, uuidSchema } from './common.ts';

/** OAuth access tokens (for the MCP resource) and refresh tokens start with these, like personal tokens. */
export const OAUTH_ACCESS_TOKEN_PREFIX = 'sy_oat_';
export const OAUTH_REFRESH_TOKEN_PREFIX = 'sy_ort_';

/** The MCP endpoint: the one resource this server issues OAuth tokens for (their audience). */
export const MCP_RESOURCE_PATH = '/mcp';

/** Where /oauth/authorize sends the browser: the app's consent page, `?request=` the authorization's id. */
export const CONSENT_PATH = '/authorize';

/** A pending authorization, as the consent page shows it. */
export const oauthAuthorizationSchema = z.object({
  id: uuidSchema,
  client_name: z.string(),
  /** Where the browser goes afterwards: shown beside the client's self-declared name. */
  redirect_host: z.string(),
  requested_scope: accessTokenScopeSchema,
  expires_at: timestampSchema,
});
export type OAuthAuthorization = z.infer<typeof oauthAuthorizationSchema>;

export const oauthDecisionSchema = z.discriminatedUnion(
  'allow',
  [
    z.strictObject({
      allow: z.literal(true),
      scope: accessTokenScopeSchema,
      workspace_ids: z
        .array(uuidSchema)
        .min(1, 'Choose at least one workspace')
        .max(100, 'At most 100 workspaces'),
    }),
    z.strictObject({ allow: z.literal(false) }),
  ],
  { error: 'allow must be true or false' },
);
export type OAuthDecision = z.infer<typeof oauthDecisionSchema>;

/** Where the browser goes next: the client's redirect URI with the code, or with error=access_denied. */
export const oauthRedirectSchema = z.object({ redirect_to: z.string() });

/** A client the user allowed, as listed in Settings beside the access tokens. */
export const oauthGrantSchema = z.object({
  id: uuidSchema,
  client_name: z.string(),
  redirect_host: z.string(),
  scope: accessTokenScopeSchema,
  workspace_ids: z.array(uuidSchema),
  last_used_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type OAuthGrant = z.infer<typeof oauthGrantSchema>;
export const oauthGrantListSchema = z.array(oauthGrantSchema);
