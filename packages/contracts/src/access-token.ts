import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

/** Every personal access token starts with this, so secret scanners can recognise a leaked one. */
export const ACCESS_TOKEN_PREFIX = 'sy_pat_';

/** `read` only reads; `read_write` may also change what the holder's role allows. */
export const accessTokenScopeSchema = z.enum(['read', 'read_write'], {
  error: 'Scope must be read or read_write',
});
export type AccessTokenScope = z.infer<typeof accessTokenScopeSchema>;

export const ACCESS_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;

export const createAccessTokenSchema = z.strictObject({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  scope: accessTokenScopeSchema,
  /** Restrict the token to one workspace; null or omitted: every workspace the holder belongs to. */
  workspace_id: uuidSchema.nullable().optional(),
  /** 30, 90 or 365 days; null: the token never expires. */
  expires_in_days: z
    .union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
      error: 'Expiry must be 30, 90 or 365 days, or null for no expiry',
    })
    .optional(),
});
export type CreateAccessToken = z.infer<typeof createAccessTokenSchema>;

/** A token as listed: never the secret. */
export const accessTokenSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  /** The secret's first characters, e.g. `sy_pat_AbC123`. */
  prefix: z.string(),
  scope: accessTokenScopeSchema,
  workspace_id: uuidSchema.nullable(),
  expires_at: timestampSchema.nullable(),
  last_used_at: timestampSchema.nullable(),
  revoked_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenListSchema = z.array(accessTokenSchema);

/** The answer to a create: the only time the secret is shown. */
export const createdAccessTokenSchema = accessTokenSchema.extend({
  token: z.string().startsWith(ACCESS_TOKEN_PREFIX),
});
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;
