// What both enrichment benchmarks share: a workspace with its owner, the probe thread, and the jobs still open.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@stackyard/db/client';
import type { ProbeJob, ProbeResult } from './probe.ts';

export const PROBE_INTERVAL_MS = 20;

/** A new workspace and its admin, written straight to the database. */
export async function seedWorkspace(db: DbHandle): Promise<{ ownerId: string; workspaceId: string }> {
  const ownerId = randomUUID();
  const workspaceId = randomUUID();
  const name = `bench_${ownerId.slice(0, 8)}`;
  await db.rows(sql`insert into profiles (identity_id) values (${ownerId})`);
  await db.rows(sql`insert into usernames (username, identity_id) values (${name}, ${ownerId})`);
  await db.rows(
    sql`insert into workspaces (id, owner_id, name, slug) values (${workspaceId}, ${ownerId}, 'Bench', ${name})`,
  );
  await db.rows(sql`insert into workspace_members (workspace_id, user_id, access_role)
    values (${workspaceId}, ${ownerId}, 'admin')`);
  return { ownerId, workspaceId };
}

export function startProbe(job: ProbeJob): { stop(): Promise<ProbeResult> } {
  const worker = new Worker(new URL('./probe.ts', import.meta.url), { workerData: job });
  const result = new Promise<ProbeResult>((resolve, reject) => {
    worker.once('message', (message: ProbeResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
  return {
    stop() {
      worker.postMessage('stop');
      return result;
    },
  };
}

export async function openJobs(db: DbHandle): Promise<number> {
  const [row] = await db.rows<{ open: number }>(
    sql`select count(*)::int as open from jobs where state in ('queued', 'running')`,
  );
  return Number(row?.open ?? 0);
}

/** Waits until no bookmark import is running. */
export async function importsDone(db: DbHandle): Promise<void> {
  for (;;) {
    const [row] = await db.rows<{ running: number }>(
      sql`select count(*)::int as running from bookmark_imports where status = 'running'`,
    );
    if (Number(row?.running ?? 1) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
