import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from './testing.ts';
import { createDb } from './client.ts';
import { profiles, usernames, workspaceMembers, workspaces } from './schema.ts';
import { tempDir } from '@stackyard/testing/processes';

describe('createDb', () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it('uses the engine the environment asks for', () => {
    expect(handle.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('has every table of the schema after migrating, and migrating again is a no-op', async () => {
    await handle.migrate();
    const tables = await handle.rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual([
      'access_tokens',
      'api_rate_limits',
      'bookmark_imports',
      'comments',
      'identities',
      'identity_codes',
      'identity_credentials',
      'identity_deleted_sessions',
      'identity_flow_errors',
      'identity_flows',
      'identity_keys',
      'identity_rate_limits',
      'identity_recovery_addresses',
      'identity_sessions',
      'identity_verifiable_addresses',
      'ingestion_submissions',
      'item_health',
      'jobs',
      'media',
      'oauth_authorizations',
      'oauth_clients',
      'oauth_grants',
      'oauth_tokens',
      'profiles',
      'project_tags',
      'project_tools',
      'projects',
      'repeatable_migrations',
      'repository_scans',
      'resource_copies',
      'resource_tags',
      'resources',
      'suggestions',
      'tags',
      'tool_fact_refreshes',
      'tool_facts',
      'tool_tags',
      'tools',
      'usernames',
      'workspace_members',
      'workspace_radar_settings',
      'workspace_stores',
      'workspace_tool_stances',
      'workspace_tools',
      'workspaces',
    ]);
  });

  it('enforces the constraints the domain relies on', async () => {
    const ownerId = crypto.randomUUID();
    await handle.db.insert(profiles).values({ identityId: ownerId });
    await handle.db.insert(usernames).values({ identityId: ownerId, username: 'ada' });
    await expect(
      handle.db.insert(usernames).values({ identityId: ownerId, username: 'ada_again' }),
    ).rejects.toThrow();

    const [workspace] = await handle.db
      .insert(workspaces)
      .values({ ownerId, name: 'Main', slug: 'main' })
      .returning();
    if (!workspace) throw new Error('insert returned no row');
    expect(workspace.previousSlugs).toEqual([]);
    await expect(
      handle.db.insert(workspaces).values({ ownerId, name: 'Again', slug: 'main' }),
    ).rejects.toThrow();

    await handle.db
      .insert(workspaceMembers)
      .values({ workspaceId: workspace.id, userId: ownerId, accessRole: 'admin' });
    await handle.db.delete(workspaces).where(eq(workspaces.id, workspace.id));
    const members = await handle.db.select().from(workspaceMembers);
    expect(members).toEqual([]);
  });

  it('answers ping, and close() is idempotent', async () => {
    const other = await createTestDb();
    await expect(other.ping()).resolves.toBeUndefined();
    await other.close();
    await other.close();
    await expect(other.ping()).rejects.toThrow();
  });
});

describe('PGlite data directory', () => {
  it('keeps committed rows across close and reopen, and locks the directory while open', async () => {
    const dir = tempDir('stackyard-db');
    try {
      const first = await createDb({ dataDir: dir.path });
      await first.migrate();
      await first.db.insert(profiles).values({ identityId: crypto.randomUUID(), displayName: 'Grace' });
      await expect(createDb({ dataDir: dir.path })).rejects.toThrow(/is in use by another stackyard process/);
      await first.close();

      const second = await createDb({ dataDir: dir.path });
      const rows = await second.db.select().from(profiles);
      expect(rows.map((row) => row.displayName)).toEqual(['Grace']);
      await second.close();
    } finally {
      dir.remove();
    }
  });
});
