import { and, eq, isNull } from 'drizzle-orm';
import { repositoryScans } from '@stackyard/db/schema';
import type { ScanResultBody } from '@stackyard/contracts/drift';
import type { Authorized, CatalogReader } from '../access/access.ts';
import type { Executor } from '../db.ts';

// The only reader and writer of repository_scans.

export type ScanRow = typeof repositoryScans.$inferSelect;

const target = (access: CatalogReader, projectId: string | null) =>
  and(
    eq(repositoryScans.workspaceId, access.workspaceId),
    projectId ? eq(repositoryScans.projectId, projectId) : isNull(repositoryScans.projectId),
  );

export async function findLatestScan(
  db: Executor,
  access: CatalogReader,
  projectId: string | null,
): Promise<ScanRow | null> {
  const [row] = await db.select().from(repositoryScans).where(target(access, projectId)).limit(1);
  return row ?? null;
}

/** Replaces the workspace's (or the project's) scan. The caller has checked that the project is the workspace's. */
export async function saveScan(
  db: Executor,
  access: Authorized<'catalog:write'>,
  scan: {
    projectId: string | null;
    source: ScanRow['source'];
    commitSha?: string | null;
    result: ScanResultBody;
  },
): Promise<ScanRow> {
  const values = {
    workspaceId: access.workspaceId,
    projectId: scan.projectId,
    source: scan.source,
    commitSha: scan.commitSha ?? null,
    result: scan.result,
    scannedBy: access.userId,
    scannedAt: new Date(),
  };
  const [row] = await db
    .insert(repositoryScans)
    .values(values)
    .onConflictDoUpdate({
      target: [repositoryScans.workspaceId, repositoryScans.projectId],
      set: {
        source: values.source,
        commitSha: values.commitSha,
        result: values.result,
        scannedBy: values.scannedBy,
        scannedAt: values.scannedAt,
      },
    })
    .returning();
  if (!row) throw new Error('saving the scan returned no row');
  return row;
}
