// The tools list's first page answered by one raw SQL query, straight to JSON: no authentication, validation
// or response schema. A benchmark times it beside `GET /tools` on the same server, in the same run.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';
import type { BenchServer } from './server.ts';

export const TOOLS_PAGE = 50;

export const toolColumns =
  sql.raw(`wt.id as workspace_tool_id, wt.workspace_id, wt.rating, wt.raw_submitted_url, wt.slug,
  t.name, t.description, t.image_url, t.homepage_url, t.forge_url, t.discord_url, t.slack_url,
  wt.created_at, wt.updated_at`);

/** Adds `GET /bench-baseline/tools`: the first page of the workspace's tools, newest first. */
export function addToolsBaseline(app: BenchServer['app'], db: DbHandle, workspaceId: string): void {
  app.get('/bench-baseline/tools', async () =>
    db.rows(sql`select ${toolColumns} from workspace_tools wt join tools t on t.id = wt.tool_id
      where wt.workspace_id = ${workspaceId} order by wt.created_at desc, wt.id desc limit ${TOOLS_PAGE}`),
  );
}
