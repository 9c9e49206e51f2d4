import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';

/** A benchmark's owner (a profile) and their workspace, the owner its admin: what its items go into. */
export async function seedOwnedWorkspace(
  db: DbHandle,
  workspace: { ownerId: string; id: string; name: string; slug: string },
): Promise<void> {
  const { ownerId, id, name, slug } = workspace;
  await db.rows(sql`insert into profiles (identity_id) values (${ownerId})`);
  await db.rows(
    sql`insert into workspaces (id, owner_id, name, slug) values (${id}, ${ownerId}, ${name}, ${slug})`,
  );
  await db.rows(
    sql`insert into workspace_members (workspace_id, user_id, access_role) values (${id}, ${ownerId}, 'admin')`,
  );
}
