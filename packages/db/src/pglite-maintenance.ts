// PGlite runs PostgreSQL as a single backend, without the background processes a server has: no autovacuum
// and no checkpointer. Left so, every updated or deleted row stays in its table and its indexes for good (the
// catalog's searches took three times as long once every item had been edited three times), the
// planner never gets statistics, and a crash replays every write since the database was opened, all of it kept
// on disk as WAL. maintainPglite() does their work with PostgreSQL's own default rules, one statement at a
// time, so requests queued meanwhile go in between (the server runs it as background work, db/background.ts).

/** The part of the PGlite thread's interface maintenance uses. */
export interface MaintenanceClient {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface MaintenanceReport {
  /** Tables vacuumed (and analyzed), schema-qualified. */
  vacuumed: string[];
  /** Tables analyzed only. */
  analyzed: string[];
  checkpointed: boolean;
}

// autovacuum's defaults: a table is vacuumed once more than 50 + 20% of its rows are dead, or 1,000 + 20%
// were inserted since its last vacuum (which marks their pages all-visible), or its oldest unfrozen
// transaction id is 200 million old; analyzed once 50 + 10% of its rows changed since its last analyze.
const tablesToMaintain = `
  select format('%I.%I', s.schemaname, s.relname) as name,
    (s.n_dead_tup > 50 + 0.2 * t.rows
      or s.n_ins_since_vacuum > 1000 + 0.2 * t.rows
      or age(c.relfrozenxid) > 200000000
      or mxid_age(c.relminmxid) > 400000000) as vacuum,
    s.n_mod_since_analyze > 50 + 0.1 * t.rows as analyze
  from pg_stat_user_tables s
    join pg_class c on c.oid = s.relid
    cross join lateral (select greatest(c.reltuples, 0) as rows) t
  order by s.schemaname, s.relname`;

// Like the checkpointer: a checkpoint checkpointAfterSeconds after the last one if anything was written since
// (beyond the last checkpoint's own record), or sooner once 256 MB of WAL (a quarter of PostgreSQL's default
// max_wal_size) would be replayed after a crash.
const checkpointDue = `
  select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn) > 268435456
      or (pg_wal_lsn_diff(pg_current_wal_lsn(), checkpoint_lsn) > 1024
        and checkpoint_time <= now() - make_interval(secs => $1)) as due
  from pg_control_checkpoint()`;

export interface MaintenanceOptions {
  /** PostgreSQL's checkpoint_timeout: 300 s. */
  checkpointAfterSeconds?: number;
}

export async function maintainPglite(
  client: MaintenanceClient,
  { checkpointAfterSeconds = 300 }: MaintenanceOptions = {},
): Promise<MaintenanceReport> {
  // Each statement's table counters wait in the backend until a flush; this one makes the next statement flush.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string; vacuum: boolean; analyze: boolean }>(tablesToMaintain);
  const report: MaintenanceReport = { vacuumed: [], analyzed: [], checkpointed: false };
  for (const table of rows) {
    if (table.vacuum) {
      await client.query(`vacuum (analyze) ${table.name}`);
      report.vacuumed.push(table.name);
    } else if (table.analyze) {
      await client.query(`analyze ${table.name}`);
      report.analyzed.push(table.name);
    }
  }
  const [checkpoint] = (await client.query<{ due: boolean }>(checkpointDue, [checkpointAfterSeconds])).rows;
  if (checkpoint?.due) {
    await client.query('checkpoint');
    report.checkpointed = true;
  }
  return report;
}
