import { PgTransaction } from 'drizzle-orm/pg-core';
import type { AccessRole } from '@stackyard/contracts/workspace';
import type { Executor } from '../db.ts';
import { findMembership } from './access.repo.ts';

// Every workspace-scoped call starts with the caller's membership, a query of its own that costs as much as
// the call's own query. This process remembers each membership it read for MEMBERSHIP_CACHE_MS.
// A change made through this process (a role changed, a member removed, ownership transferred, a workspace
// or an account deleted) forgets the memberships it touched once its transaction has committed, so it holds
// here at once; another instance of the API sees it within MEMBERSHIP_CACHE_MS. Only memberships are remembered, never their absence: a
// member just added is one at once everywhere.

export const MEMBERSHIP_CACHE_MS = 2_000;
const ENTRIES_MAX = 50_000;

type Membership = { ownerId: string; role: AccessRole };

interface Cache {
  entries: Map<string, Membership & { readAt: number }>;
  /** Bumped by every change: a read that began before a change may not be remembered after it. */
  generation: number;
}

// One cache per database handle, so two databases in one process (tests, benchmarks) never share one.
const caches = new WeakMap<object, Cache>();

function cacheOf(db: Executor): Cache | null {
  // A transaction reads its own writes: it always asks the database.
  if (db instanceof PgTransaction) return null;
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(db, cache);
  }
  return cache;
}

const keyOf = (workspaceId: string, userId: string) => `${workspaceId} ${userId}`;

/** The caller's membership of a workspace, from this process's memory when it read it moments ago. */
export async function membershipOf(
  db: Executor,
  workspaceId: string,
  userId: string,
): Promise<Membership | null> {
  const cache = cacheOf(db);
  if (!cache) return findMembership(db, workspaceId, userId);
  const key = keyOf(workspaceId, userId);
  const known = cache.entries.get(key);
  if (known && performance.now() - known.readAt < MEMBERSHIP_CACHE_MS) return known;
  const generation = cache.generation;
  const readAt = performance.now();
  const row = await findMembership(db, workspaceId, userId);
  if (row && cache.generation === generation) {
    if (cache.entries.size >= ENTRIES_MAX) cache.entries.clear();
    cache.entries.set(key, { ...row, readAt });
  } else {
    cache.entries.delete(key);
  }
  return row;
}

/**
 * Forgets the workspace's memberships, or every membership when no workspace is named (an account's, in any
 * number of workspaces). Call it after the transaction that changed them has committed (forgetting earlier
 * would let a read of the old rows in between be remembered).
 */
export function membershipsChanged(db: Executor, workspaceId?: string): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.generation++;
  if (workspaceId === undefined) {
    cache.entries.clear();
    return;
  }
  const prefix = `${workspaceId} `;
  for (const key of cache.entries.keys()) if (key.startsWith(prefix)) cache.entries.delete(key);
}

/** Runs a change of a workspace's memberships (or owner), then forgets them, whether it committed or not. */
export async function changingMemberships<T>(
  db: Executor,
  workspaceId: string,
  change: () => Promise<T>,
): Promise<T> {
  try {
    return await change();
  } finally {
    membershipsChanged(db, workspaceId);
  }
}
