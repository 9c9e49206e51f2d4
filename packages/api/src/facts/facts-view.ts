import type { FactSourceState, PackageFacts, RepositoryFacts, ToolFacts } from '@stackyard/contracts/facts';
import type { FactRow } from './facts.repo.ts';

/** A tool's stored facts as the API shows them. */
export function toToolFacts(
  workspaceToolId: string,
  rows: readonly FactRow[],
  refreshedAt: Date | undefined,
  refreshQueued: boolean,
): ToolFacts {
  let repository: RepositoryFacts | null = null;
  const packages: PackageFacts[] = [];
  const sources: FactSourceState[] = [];
  for (const row of rows) {
    sources.push({
      source: row.source,
      package: row.subject || null,
      fetched_at: row.checkedAt.toISOString(),
      status: row.status,
      error: row.error,
    });
    if (!row.data) continue;
    if (row.source === 'github') repository = row.data as RepositoryFacts;
    else if (row.subject) packages.push(row.data as PackageFacts);
  }
  return {
    workspace_tool_id: workspaceToolId,
    repository,
    packages,
    sources,
    refreshed_at: refreshedAt?.toISOString() ?? null,
    refresh_queued: refreshQueued,
  };
}
