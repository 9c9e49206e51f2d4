import { AppError } from '@stackyard/contracts/problem';
import {
  USERNAME_RESERVED_DAYS,
  type Profile,
  type UpdateProfile,
  type UserSearchQuery,
  type UserSummary,
  type UsernameAvailability,
  type UsernameRecord,
} from '@stackyard/contracts/profile';
import type { Database } from '@stackyard/db/client';
import type { Actor } from '../auth/authenticate.ts';
import { inTransaction, isUniqueViolation } from '../db.ts';
import {
  deleteUsername,
  findProfile,
  findUsername,
  insertCurrentUsername,
  insertProfileIfMissing,
  lockProfile,
  makeUsernameCurrent,
  searchByUsernamePrefix,
  updateProfile as writeProfile,
  type ProfilePatch,
} from './profiles.repo.ts';

export const USERNAME_TAKEN = 'Username is already taken';
export const USERNAME_RESERVED =
  'Username is not available: another user changed it recently, and a username stays reserved for its ' +
  `previous owner for ${USERNAME_RESERVED_DAYS} days after they change it.`;

const RESERVED_MS = USERNAME_RESERVED_DAYS * 86_400_000;

/** True while a username its owner gave up is still theirs (the row's updated_at is when they gave it up). */
function isReserved(row: UsernameRecord, now = Date.now()): boolean {
  return row.is_current || now - Date.parse(row.updated_at) < RESERVED_MS;
}

export async function getProfile(db: Database, actor: Actor): Promise<Profile> {
  let row = await findProfile(db, actor.userId);
  if (!row) {
    // The authentication hook creates it; a row deleted since (by an operator) is made again.
    await insertProfileIfMissing(db, actor.userId);
    row = await findProfile(db, actor.userId);
  }
  if (!row) throw new Error(`profile ${actor.userId} could not be created`);
  return row;
}

export async function updateProfile(db: Database, actor: Actor, input: UpdateProfile): Promise<Profile> {
  const patch: ProfilePatch = {};
  // An empty field in the form means "clear it".
  if (input.display_name !== undefined) patch.displayName = input.display_name || null;
  if (input.bio !== undefined) patch.bio = input.bio || null;
  if (input.avatar_url !== undefined) patch.avatarUrl = input.avatar_url || null;
  if (input.theme !== undefined) patch.theme = input.theme;
  await insertProfileIfMissing(db, actor.userId);
  if (Object.keys(patch).length > 0) await writeProfile(db, actor.userId, patch);
  return getProfile(db, actor);
}

/**
 * Makes `username` the caller's current one. One someone else holds is refused; one they gave up stays
 * reserved for them (their old addresses redirect) for USERNAME_RESERVED_DAYS, then leaves their history and
 * can be claimed. The caller's own earlier username can be taken back at any time.
 */
export async function claimUsername(db: Database, actor: Actor, username: string): Promise<UsernameRecord> {
  try {
    return await inTransaction(db, async (tx) => {
      await insertProfileIfMissing(tx, actor.userId);
      await lockProfile(tx, actor.userId);
      const existing = await findUsername(tx, username);
      if (existing && existing.identity_id !== actor.userId) {
        if (existing.is_current) throw new AppError('conflict', USERNAME_TAKEN);
        if (isReserved(existing)) throw new AppError('conflict', USERNAME_RESERVED);
        await deleteUsername(tx, username, existing.identity_id);
        return insertCurrentUsername(tx, actor.userId, username);
      }
      if (existing?.is_current) return existing;
      if (existing) return makeUsernameCurrent(tx, actor.userId, username);
      return insertCurrentUsername(tx, actor.userId, username);
    });
  } catch (error) {
    // Someone else claimed it between our check and our insert.
    if (isUniqueViolation(error)) throw new AppError('conflict', USERNAME_TAKEN, { cause: error });
    throw error;
  }
}

export async function checkUsername(
  db: Database,
  actor: Actor,
  username: string,
): Promise<UsernameAvailability> {
  const existing = await findUsername(db, username);
  if (!existing || existing.identity_id === actor.userId || !isReserved(existing)) return { available: true };
  return existing.is_current ? { available: false } : { available: false, reason: USERNAME_RESERVED };
}

export async function searchUsers(db: Database, query: UserSearchQuery): Promise<UserSummary[]> {
  return searchByUsernamePrefix(db, query.q, query.limit);
}
