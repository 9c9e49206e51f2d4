import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { profiles, workspaces } from '@stackyard/db/schema';
import { createTestDb } from '@stackyard/db/testing';
import { preparedOn } from './prepared.ts';

describe('prepared statements', () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  const ownerId = '00000000-0000-4000-8000-00000000a001';

  beforeAll(async () => {
    handle = await createTestDb();
    await handle.db.insert(profiles).values({ identityId: ownerId });
    await handle.db.insert(workspaces).values([
      { ownerId, name: 'First', slug: 'first', description: null },
      { ownerId, name: 'Second', slug: 'second', description: 'Two' },
    ]);
  });
  afterAll(async () => handle.close());

  /** The prepared statement answers what the same statement made anew (Drizzle's own mapping) answers. */
  async function expectSameRows(
    name: string,
    make: () => { execute(values: Record<string, unknown>): Promise<unknown> },
  ) {
    const expected = await make().execute({ ownerId });
    const statement = preparedOn(handle.db, name, make);
    expect(statement).not.toBeNull();
    // Twice: the second run is a named statement the connection already holds.
    expect(await statement?.execute({ ownerId })).toEqual(expected);
    expect(await statement?.execute({ ownerId })).toEqual(expected);
  }

  it('answer the rows Drizzle answers: dates, numbers from SQL, nulls, nested objects', async () => {
    const db = handle.db;
    const flat = () =>
      db
        .select({
          id: workspaces.id,
          name: workspaces.name,
          description: workspaces.description,
          createdAt: workspaces.createdAt,
          members:
            sql<number>`(select count(*) from workspace_members m where m.workspace_id = ${workspaces.id})`.mapWith(
              Number,
            ),
        })
        .from(workspaces)
        .where(eq(workspaces.ownerId, sql.placeholder('ownerId')))
        .orderBy(workspaces.slug)
        .prepare('prepared_test_flat');
    const nested = () =>
      db
        .select({ workspace: { id: workspaces.id, slug: workspaces.slug }, owner: profiles })
        .from(workspaces)
        .leftJoin(profiles, eq(profiles.identityId, workspaces.ownerId))
        .where(eq(workspaces.ownerId, sql.placeholder('ownerId')))
        .orderBy(workspaces.slug)
        .prepare('prepared_test_nested');

    await expectSameRows('flat', flat);
    await expectSameRows('nested', nested);
    const [first, second] = (await preparedOn(db, 'flat', flat)?.execute({ ownerId })) as Array<{
      createdAt: unknown;
      members: unknown;
      description: unknown;
    }>;
    expect(first?.createdAt).toBeInstanceOf(Date);
    expect(first?.members).toBe(0);
    expect(first?.description).toBeNull();
    expect(second?.description).toBe('Two');
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "are kept by PGlite's thread, parsed and planned once, like a named statement on PostgreSQL",
    async () => {
      const make = () =>
        handle.db
          .select({ slug: workspaces.slug })
          .from(workspaces)
          .where(eq(workspaces.ownerId, sql.placeholder('ownerId')))
          .orderBy(workspaces.slug)
          .limit(sql.placeholder('limit'))
          .prepare('prepared_test_kept');
      const statement = preparedOn(handle.db, 'kept', make);
      for (let run = 0; run < 3; run++) {
        expect(await statement?.execute({ ownerId, limit: 1 })).toEqual([{ slug: 'first' }]);
      }
      const kept = await handle.rows<{ generic_plans: number; custom_plans: number }>(sql`select
          generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%limit $2'`);
      expect(kept).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
    },
  );

  it('are not used inside a transaction', async () => {
    await handle.db.transaction(async (tx) => {
      expect(preparedOn(tx, 'in_transaction', () => ({ execute: async () => [] }))).toBeNull();
    });
  });
});
