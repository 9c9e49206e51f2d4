import type { Database } from '@stackyard/db/client';

/** A transaction is a Database too, so repositories take either. */
export type Executor = Database;

/** Runs `work` in one transaction: everything it writes lands together or not at all. */
export function inTransaction<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** PostgreSQL's unique_violation, whether the driver's error is thrown as is or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}

export function iso(date: Date): string {
  return date.toISOString();
}
