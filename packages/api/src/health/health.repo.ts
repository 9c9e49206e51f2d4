import { sql, type SQL } from 'drizzle-orm';
import type { AttentionItem, HealthItemKind, ItemHealth } from '@stackyard/contracts/health';
import type { Executor } from '../db.ts';
import { HEALTH } from './health-columns.ts';
import type { CheckOutcome, PriorCheck } from './link-check.ts';

// The SQL of link health. Every saved item is a target: a workspace tool (its homepage as the workspace sees
// it, else the URL submitted) or a resource (its URL), with its last check when there is one.

export interface HealthTarget {
  kind: HealthItemKind;
  id: string;
  workspaceId: string;
  name: string;
  url: string;
  /** The last check, when it was of this URL. */
  prior: PriorCheck | null;
  /** A tool whose repository the facts found archived. */
  archived: boolean;
  /** A tool one of whose packages its registry marks deprecated. */
  deprecated: boolean;
}

const HEALTH_COLUMNS = sql.raw(`h.status, h.url, h.checked_at, h.http_status, h.moved_to, h.failures, h.etag,
  h.last_modified, h.kept_status`);

/**
 * `columns` of every item under `where`, from rows of (kind, id, workspace_id, slug, name, item_url, archived,
 * deprecated, h.*).
 */
function items(columns: SQL, where: SQL): SQL {
  return sql`
    select ${columns} from (
      select 'tool' as kind, wt.id, wt.workspace_id, wt.slug,
        coalesce(case when 'name' = any(wt.edited_fields) then wt.name else t.name end, wt.slug) as name,
        coalesce(case when 'homepage_url' = any(wt.edited_fields) then wt.homepage_url else t.homepage_url end,
          wt.raw_submitted_url) as item_url,
        exists (select 1 from tool_facts f where f.tool_id = t.id and f.source = 'github'
          and f.data->>'archived' = 'true') as archived,
        exists (select 1 from tool_facts f where f.tool_id = t.id and f.source <> 'github'
          and f.data ? 'deprecated') as deprecated,
        ${HEALTH_COLUMNS}
      from workspace_tools wt join tools t on t.id = wt.tool_id
        left join item_health h on h.workspace_tool_id = wt.id
      union all
      select 'resource', r.id, r.workspace_id, null, coalesce(r.extracted_title, r.raw_submitted_url), r.raw_submitted_url,
        false, false, ${HEALTH_COLUMNS}
      from resources r left join item_health h on h.resource_id = r.id
    ) item
    where ${where}`;
}

// The target's url is the item's; url in the select list and in a where is the URL of the last check, whose
// validators the next check sends only when they are of the same URL.
const TARGET = sql`kind, id, workspace_id as "workspaceId", name, item_url as url,
  case when url = item_url then json_build_object('status', status, 'failures', failures, 'etag', etag,
    'lastModified', last_modified, 'httpStatus', http_status) end as prior,
  archived, deprecated`;

async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const targets = (db: Executor, where: SQL) => rowsOf<HealthTarget>(db, items(TARGET, where));

export interface ItemKey {
  kind: HealthItemKind;
  id: string;
}

/** The targets of these items in one query, in their order (null: the item is gone). */
export async function findTargets(
  db: Executor,
  keys: readonly ItemKey[],
): Promise<Array<HealthTarget | null>> {
  const ofKind = (kind: HealthItemKind) => {
    const ids = keys.filter((key) => key.kind === kind).map((key) => sql`${key.id}`);
    return ids.length > 0 ? sql`(kind = ${kind} and id in (${sql.join(ids, sql`, `)}))` : sql`false`;
  };
  const rows = await targets(db, sql`(${ofKind('tool')} or ${ofKind('resource')})`);
  const found = new Map(rows.map((row) => [`${row.kind}:${row.id}`, row]));
  return keys.map((key) => found.get(`${key.kind}:${key.id}`) ?? null);
}

export async function findTarget(
  db: Executor,
  kind: HealthItemKind,
  id: string,
): Promise<HealthTarget | null> {
  const [target] = await findTargets(db, [{ kind, id }]);
  return target ?? null;
}

const NOT_PENDING = sql`id::text not in (select payload->>'id' from jobs
  where queue = 'link-health' and state in ('queued', 'running'))`;

/** The workspace's items no check is queued for. */
export async function listWorkspaceTargets(db: Executor, workspaceId: string): Promise<HealthTarget[]> {
  return targets(db, sql`workspace_id = ${workspaceId} and ${NOT_PENDING}`);
}

/** Items never checked, or last checked before `before` (the oldest first), no check is queued for. */
export async function findDueTargets(db: Executor, before: Date, limit: number): Promise<HealthTarget[]> {
  const due = sql`(checked_at is null or checked_at < ${before.toISOString()}::timestamptz) and ${NOT_PENDING}
    order by checked_at asc nulls first limit ${limit}`;
  return targets(db, due);
}

export interface CheckResult {
  target: HealthTarget;
  outcome: CheckOutcome;
}

/**
 * Records checks, one statement per kind of item. A mark as kept lasts while the URL and the status stay what
 * they were. Of two checks of one item, the later one counts (one statement may not update a row twice).
 */
export async function saveChecks(db: Executor, results: readonly CheckResult[]): Promise<void> {
  const latest = new Map(results.map((result) => [`${result.target.kind}:${result.target.id}`, result]));
  for (const kind of ['tool', 'resource'] as const) {
    const ofKind = [...latest.values()].filter((result) => result.target.kind === kind);
    if (ofKind.length === 0) continue;
    const column = sql.raw(kind === 'tool' ? 'workspace_tool_id' : 'resource_id');
    const rows = ofKind.map(
      ({ target, outcome }) => sql`(${target.workspaceId}::uuid, ${target.id}::uuid, ${target.url},
        ${outcome.status}, ${outcome.httpStatus}::int, ${outcome.movedTo}, ${outcome.failures}::int, ${outcome.etag},
        ${outcome.lastModified}, now())`,
    );
    await db.execute(sql`
      insert into item_health (workspace_id, ${column}, url, status, http_status, moved_to, failures, etag,
        last_modified, checked_at)
      values ${sql.join(rows, sql`, `)}
      on conflict (${column}) do update set url = excluded.url, status = excluded.status,
        http_status = excluded.http_status, moved_to = excluded.moved_to, failures = excluded.failures,
        etag = excluded.etag, last_modified = excluded.last_modified, checked_at = excluded.checked_at,
        kept_status = case when item_health.url = excluded.url and item_health.status = excluded.status
          then item_health.kept_status end`);
  }
}

/** The item's last check when it was of its current URL. */
export async function findHealth(db: Executor, kind: HealthItemKind, id: string): Promise<ItemHealth | null> {
  const where = sql`kind = ${kind} and id = ${id} and url = item_url`;
  const [row] = await rowsOf<{ health: ItemHealth }>(db, items(sql`${HEALTH} as health`, where));
  return row?.health ?? null;
}

/** The workspace's items whose check found something, not marked as kept, the most recent first. */
export async function listAttention(db: Executor, workspaceId: string): Promise<AttentionItem[]> {
  return rowsOf<AttentionItem>(
    db,
    items(
      sql`kind, id, name, slug, ${HEALTH} as health`,
      sql`workspace_id = ${workspaceId} and url = item_url and status <> 'ok'
        and kept_status is distinct from status order by checked_at desc, id`,
    ),
  );
}

/** Marks the item as kept in its current status; false when it has no check of its current URL. */
export async function keepStatus(db: Executor, kind: HealthItemKind, id: string): Promise<boolean> {
  const column = sql.raw(kind === 'tool' ? 'workspace_tool_id' : 'resource_id');
  const result = (await db.execute(sql`
    update item_health h set kept_status = h.status where ${column} = ${id} and h.url = (
      ${items(sql`item_url`, sql`kind = ${kind} and id = ${id}`)})
    returning h.id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
