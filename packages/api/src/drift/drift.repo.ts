import { and, eq, isNull, sql } from 'drizzle-orm';
import { repositoryScans } from '@stackyard/db/schema';
import type { ScanDependency, ScanResultBody, ScanSummary } from '@stackyard/contracts/drift';
import type { CatalogReader, CatalogWriter } from '../access/access.ts';
import { isoText, type Executor } from '../db.ts';

// The only reader and writer of repository_scans.

/** A stored scan, as the rescan after a sync reads it again. */
export type ScanRow = typeof repositoryScans.$inferSelect;

const { result } = repositoryScans;

/** A scan as the API answers it: the result's counts and findings, not its dependencies. */
const summary = {
  id: repositoryScans.id,
  project_id: repositoryScans.projectId,
  source: repositoryScans.source,
  commit: repositoryScans.commitSha,
  scanned_at: isoText(repositoryScans.scannedAt),
  scanned_by: repositoryScans.scannedBy,
  files: sql<number>`(${result}->>'files')::int`,
  dependencies: sql<number>`jsonb_array_length(${result}->'dependencies')`,
  findings: sql<ScanSummary['findings']>`${result}->'findings'`,
};

const target = (access: CatalogReader, projectId: string | null) =>
  and(
    eq(repositoryScans.workspaceId, access.workspaceId),
    projectId ? eq(repositoryScans.projectId, projectId) : isNull(repositoryScans.projectId),
  );

export async function findLatestScan(
  db: Executor,
  access: CatalogReader,
  projectId: string | null,
): Promise<{ summary: ScanSummary; dependencies: ScanDependency[] } | null> {
  const [row] = await db
    .select({ summary, dependencies: sql<ScanDependency[]>`${result}->'dependencies'` })
    .from(repositoryScans)
    .where(target(access, projectId))
    .limit(1);
  return row ?? null;
}

/** Replaces the workspace's (or the project's) scan. The caller has checked that the project is the workspace's. */
export async function saveScan(
  db: Executor,
  access: CatalogWriter<'catalog:write'>,
  scan: {
    projectId: string | null;
    source: ScanSummary['source'];
    commitSha?: string | null;
    result: ScanResultBody;
  },
): Promise<ScanSummary> {
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
    .returning(summary);
  if (!row) throw new Error('saving the scan returned no row');
  return row;
}

/** The workspace's scans (its own and its projects') last read from a GitHub repository. */
export async function findRepositoryScans(db: Executor, access: CatalogReader): Promise<ScanRow[]> {
  return db
    .select()
    .from(repositoryScans)
    .where(
      and(eq(repositoryScans.workspaceId, access.workspaceId), eq(repositoryScans.source, 'repository')),
    );
}

export const RESCAN_FAILED = 'Scanning again after the sync failed: ';

/** Puts why the scan could not be read again first among a kept scan's findings (replacing an earlier why). */
export async function noteFailedRescan(
  db: Executor,
  access: CatalogWriter<'catalog:write'>,
  scan: ScanRow,
  reason: string,
): Promise<void> {
  const finding = { file: '.', line: null, message: `${RESCAN_FAILED}${reason}` };
  const findings = [
    finding,
    ...scan.result.findings.filter((kept) => !kept.message.startsWith(RESCAN_FAILED)),
  ];
  await db
    .update(repositoryScans)
    .set({ result: { ...scan.result, findings } })
    .where(and(eq(repositoryScans.id, scan.id), eq(repositoryScans.workspaceId, access.workspaceId)));
}
