import { and, asc, eq, like, sql, type Column } from 'drizzle-orm';
import { profiles, usernames } from '@stackyard/db/schema';
import type { Profile, UserSummary, UsernameRecord } from '@stackyard/contracts/profile';
import type { Theme } from '@stackyard/contracts/theme';
import { isoText, type Executor } from '../db.ts';

/** The fields of a profile its owner can change (null clears one). */
export interface ProfilePatch {
  displayName?: string | null;
  bio?: string | null;
  avatarUrl?: string | null;
  theme?: Theme | null;
}

/** A username as the API answers it. */
const usernameRecord = {
  identity_id: usernames.identityId,
  username: usernames.username,
  is_current: usernames.isCurrent,
  created_at: isoText(usernames.createdAt),
  updated_at: isoText(usernames.updatedAt),
};

/** Joins a user's current username, the one shown for them (earlier ones are history). */
export function currentUsernameOf(identity: Column) {
  return and(eq(usernames.identityId, identity), eq(usernames.isCurrent, true));
}

export async function insertProfileIfMissing(db: Executor, identityId: string): Promise<void> {
  await db.insert(profiles).values({ identityId }).onConflictDoNothing();
}

export async function findProfile(db: Executor, identityId: string): Promise<Profile | null> {
  const [row] = await db
    .select({
      identity_id: profiles.identityId,
      display_name: profiles.displayName,
      bio: profiles.bio,
      avatar_url: profiles.avatarUrl,
      // The table's check constraint allows only these values.
      theme: sql<Theme | null>`${profiles.theme}`,
      current_username: usernames.username,
    })
    .from(profiles)
    .leftJoin(usernames, currentUsernameOf(profiles.identityId))
    .where(eq(profiles.identityId, identityId))
    .limit(1);
  return row ?? null;
}

export async function updateProfile(db: Executor, identityId: string, patch: ProfilePatch): Promise<void> {
  await db
    .update(profiles)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(profiles.identityId, identityId));
}

/** Serializes one user's username and workspace-slug changes: concurrent ones wait here instead of racing. */
export async function lockProfile(db: Executor, identityId: string): Promise<void> {
  await db
    .select({ identityId: profiles.identityId })
    .from(profiles)
    .where(eq(profiles.identityId, identityId))
    .for('update');
}

export async function findUsername(db: Executor, username: string): Promise<UsernameRecord | null> {
  const [row] = await db
    .select(usernameRecord)
    .from(usernames)
    .where(eq(usernames.username, username))
    .limit(1);
  return row ?? null;
}

/** Removes a username from an identity's history (it was released to someone else). */
export async function deleteUsername(db: Executor, username: string, identityId: string): Promise<void> {
  await db
    .delete(usernames)
    .where(
      and(
        eq(usernames.username, username),
        eq(usernames.identityId, identityId),
        eq(usernames.isCurrent, false),
      ),
    );
}

/** Makes `username` (already recorded for this identity) the current one and the others history. */
export async function makeUsernameCurrent(
  db: Executor,
  identityId: string,
  username: string,
): Promise<UsernameRecord> {
  await clearCurrentUsername(db, identityId);
  const [row] = await db
    .update(usernames)
    .set({ isCurrent: true, updatedAt: sql`now()` })
    .where(and(eq(usernames.username, username), eq(usernames.identityId, identityId)))
    .returning(usernameRecord);
  if (!row) throw new Error(`username ${username} is not recorded for ${identityId}`);
  return row;
}

export async function insertCurrentUsername(
  db: Executor,
  identityId: string,
  username: string,
): Promise<UsernameRecord> {
  await clearCurrentUsername(db, identityId);
  const [row] = await db
    .insert(usernames)
    .values({ identityId, username, isCurrent: true })
    .returning(usernameRecord);
  if (!row) throw new Error('insert returned no row');
  return row;
}

// The partial unique index allows one current username per identity: the old one steps down first.
async function clearCurrentUsername(db: Executor, identityId: string): Promise<void> {
  await db
    .update(usernames)
    .set({ isCurrent: false, updatedAt: sql`now()` })
    .where(and(eq(usernames.identityId, identityId), eq(usernames.isCurrent, true)));
}

const summaryColumns = {
  user_id: usernames.identityId,
  username: usernames.username,
  display_name: profiles.displayName,
  avatar_url: profiles.avatarUrl,
};

/** Current usernames starting with `prefix`, which the contract limits to [a-z0-9_]. */
export async function searchByUsernamePrefix(
  db: Executor,
  prefix: string,
  limit: number,
): Promise<UserSummary[]> {
  // `_` is a LIKE wildcard: escape it so it matches only itself.
  const pattern = `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return db
    .select(summaryColumns)
    .from(usernames)
    .innerJoin(profiles, eq(profiles.identityId, usernames.identityId))
    .where(and(eq(usernames.isCurrent, true), like(usernames.username, pattern)))
    .orderBy(asc(usernames.username))
    .limit(limit);
}

/**
 * The identity that holds `username`: as its current name, or as an earlier one that is still theirs (a name
 * someone else claimed since has left their history).
 */
export async function findIdentityByUsername(db: Executor, username: string): Promise<string | null> {
  const [row] = await db
    .select({ identityId: usernames.identityId })
    .from(usernames)
    .where(eq(usernames.username, username))
    .limit(1);
  return row?.identityId ?? null;
}
