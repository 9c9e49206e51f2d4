import { z } from 'zod';
import { httpUrlSchema, timestampSchema, uuidSchema } from './common.ts';
import { themes } from './theme.ts';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

/**
 * A username someone changed stays theirs for this long: their old addresses keep redirecting, nobody else can
 * claim it, and they can take it back. After that another user may claim it.
 */
export const USERNAME_RESERVED_DAYS = 90;

/** A username as the user types it: trimmed and lower-cased first, then checked. */
const usernameWith = (charactersMessage: string) =>
  z
    .string({ error: 'Username is required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Username is required', abort: true })
    .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
    .regex(/^[a-z0-9_]+$/, charactersMessage);

/** With the settings form's wording of the character rule; the API answers with it too. */
export const usernameSchema = usernameWith(
  'Username must contain only lowercase letters, numbers, and underscores',
);

/** The onboarding form words the character rule differently. */
export const onboardingUsernameSchema = usernameWith(
  'Username can only contain lowercase letters, numbers, and underscores',
);

export const themeSchema = z.enum(themes, { error: 'Theme must be light, dark or system' });

export const profileSchema = z.object({
  identity_id: uuidSchema,
  display_name: z.string().nullable().optional(),
  bio: z.string().nullable().optional(),
  avatar_url: z.string().nullable().optional(),
  /** Absent or null until the user has chosen a username (onboarding step 1). */
  current_username: z.string().nullable().optional(),
  /** The colour theme chosen on any device; absent or null until the user picks one. */
  theme: themeSchema.nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

const displayNameSchema = z.string().trim().max(100, 'Display name must be at most 100 characters');
const bioSchema = z.string().max(500, 'Bio must be at most 500 characters');
const avatarUrlSchema = z.union([z.literal(''), httpUrlSchema], { error: 'Avatar URL must be a valid URL' });

/** PUT /profile: an omitted field is left as it is; null or an empty string clears it. */
export const updateProfileSchema = z.strictObject({
  display_name: displayNameSchema.nullable().optional(),
  bio: bioSchema.nullable().optional(),
  avatar_url: avatarUrlSchema.nullable().optional(),
  theme: themeSchema.optional(),
});
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

/** The profile form: its fields are strings, an empty one clears the value. */
export const profileFormSchema = z.object({
  display_name: displayNameSchema.transform((value) => value || null),
  bio: bioSchema.transform((value) => value || null),
  // The form names the field in its message; the API's union answers with the URL check's own words.
  avatar_url: z
    .string()
    .trim()
    .refine((value) => avatarUrlSchema.safeParse(value).success, 'Avatar URL must be a valid URL')
    .transform((value) => value || null),
});

export const usernameRecordSchema = z.object({
  identity_id: uuidSchema,
  username: z.string(),
  is_current: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type UsernameRecord = z.infer<typeof usernameRecordSchema>;

export const claimUsernameSchema = z.strictObject({ username: usernameSchema });
export type ClaimUsername = z.infer<typeof claimUsernameSchema>;

export const usernameParamsSchema = z.object({ username: usernameSchema });

export const usernameAvailabilitySchema = z.object({
  available: z.boolean(),
  /** Why not, when the reason is worth telling: the name is reserved for its previous owner. */
  reason: z.string().optional(),
});
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;

/** GET /users/search: a username prefix, to pick an existing user (e.g. to add as a member). */
export const userSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Search text is required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Search text is required', abort: true })
    .max(USERNAME_MAX, `Search text must be at most ${USERNAME_MAX} characters`)
    .regex(/^[a-z0-9_]+$/, 'Search text must contain only lowercase letters, numbers, and underscores'),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be between 1 and 20')
    .max(20, 'Limit must be between 1 and 20')
    .default(10),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

/** The few public fields of another user. */
export const userSummarySchema = z.object({
  user_id: uuidSchema,
  username: z.string(),
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
