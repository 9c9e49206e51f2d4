import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { profiles, usernames, workspaces } from '@stackyard/db/schema';
import { createTestDb } from '@stackyard/db/testing';
import { nested, type Executor } from './db.ts';
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

  /** Dates, numbers from SQL, arrays, intervals, nulls and a left-joined column nothing matched. */
  const flat = (db: Executor) =>
    db
      .select({
        id: workspaces.id,
        name: workspaces.name,
        description: workspaces.description,
        previousSlugs: workspaces.previousSlugs,
        createdAt: workspaces.createdAt,
        members:
          sql<number>`(select count(*) from workspace_members m where m.workspace_id = ${workspaces.id})`.mapWith(
            Number,
          ),
        age: sql<string>`${workspaces.createdAt} - timestamptz '2000-01-01'`.as('age'),
        day: sql<string>`${workspaces.createdAt}::date`,
        ownerUsername: usernames.username,
      })
      .from(workspaces)
      .leftJoin(usernames, eq(usernames.identityId, workspaces.ownerId))
      .where(eq(workspaces.ownerId, sql.placeholder('ownerId')))
      .orderBy(workspaces.slug);

  it('answer the rows Drizzle answers for the same select', async () => {
    const expected = await flat(handle.db).execute({ ownerId });
    const statement = preparedOn(handle.db, 'prepared_test_flat', () => flat(handle.db));
    // Twice: the second run is a statement the connection already holds.
    expect(await statement.execute({ ownerId })).toEqual(expected);
    expect(await statement.execute({ ownerId })).toEqual(expected);
    const [first, second] = expected;
    expect(first?.createdAt).toBeInstanceOf(Date);
    expect(first?.members).toBe(0);
    expect(first?.previousSlugs).toEqual([]);
    expect(typeof first?.age).toBe('string');
    expect(first?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first?.description).toBeNull();
    expect(first?.ownerUsername).toBeNull();
    expect(second?.description).toBe('Two');
  });

  it('answer nested objects, at any depth, as Drizzle does', async () => {
    const nestedSelect = (db: Executor) =>
      db
        .select({
          id: workspaces.id,
          metadata: nested({
            name: workspaces.name,
            about: { description: workspaces.description, slug: sql<string>`upper(${workspaces.slug})` },
            createdAt: workspaces.createdAt,
          }),
          members: { count: sql`0`.mapWith(Number) },
        })
        .from(workspaces)
        .innerJoin(profiles, eq(profiles.identityId, workspaces.ownerId))
        .where(eq(workspaces.ownerId, sql.placeholder('ownerId')))
        .orderBy(workspaces.slug);
    const expected = await nestedSelect(handle.db).execute({ ownerId });
    const statement = preparedOn(handle.db, 'prepared_test_nested', () => nestedSelect(handle.db));
    const rows = await statement.execute({ ownerId });
    expect(rows).toEqual(expected);
    expect(JSON.stringify(rows)).toBe(JSON.stringify(expected));
    expect(rows[0]?.metadata.about).toEqual({ description: null, slug: 'FIRST' });
    expect(rows[0]?.metadata.createdAt).toBeInstanceOf(Date);
    expect(rows[0]?.members.count).toBe(0);
  });

  it('are refused for a whole table or a left-joined column in a nested object, which Drizzle may make null', () => {
    const table = () =>
      handle.db
        .select({ workspace: { id: workspaces.id }, owner: profiles })
        .from(workspaces)
        .innerJoin(profiles, eq(profiles.identityId, workspaces.ownerId));
    expect(() => preparedOn(handle.db, 'prepared_test_table', table)).toThrow(
      'preparedOn: field owner is not a column, an SQL expression or an object of them',
    );
    const leftJoined = () =>
      handle.db
        .select({ id: workspaces.id, owner: { username: usernames.username } })
        .from(workspaces)
        .leftJoin(usernames, eq(usernames.identityId, workspaces.ownerId));
    expect(() => preparedOn(handle.db, 'prepared_test_left_joined', leftJoined)).toThrow(
      'preparedOn: field owner.username is a left-joined column in a nested object',
    );
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
          .limit(sql.placeholder('limit'));
      const statement = preparedOn(handle.db, 'prepared_test_kept', make);
      for (let run = 0; run < 3; run++) {
        expect(await statement.execute({ ownerId, limit: 1 })).toEqual([{ slug: 'first' }]);
      }
      const kept = await handle.rows<{ generic_plans: number; custom_plans: number }>(sql`select
          generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%limit $2'`);
      expect(kept).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
    },
  );

  it('inside a transaction, run its select there: they see what it wrote', async () => {
    const rolledBack = new Error('rolled back');
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(workspaces).values({ ownerId, name: 'Third', slug: 'third', description: null });
        const rows = await preparedOn(tx, 'prepared_test_flat', () => flat(tx)).execute({ ownerId });
        expect(rows.map((row) => row.name)).toEqual(['First', 'Second', 'Third']);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const rows = await preparedOn(handle.db, 'prepared_test_flat', () => flat(handle.db)).execute({
      ownerId,
    });
    expect(rows.map((row) => row.name)).toEqual(['First', 'Second']);
  });
});
