import type { Stack, StackExportFormat } from '@stackyard/contracts/stack';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { readStack } from '../stack/stack.service.ts';
import { renderExports, type ExportFile } from './formats.ts';

export interface StackExport {
  stack: Stack;
  files: ExportFile[];
}

/** Generated on every request from the current stack: there is no stored copy to go stale. */
export async function exportStack(
  db: Database,
  actor: Actor,
  workspaceId: string,
  options: { projectId: string | null; formats: readonly StackExportFormat[] | null },
): Promise<StackExport> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  const stack = await readStack(db, access, options.projectId);
  return { stack, files: renderExports(stack, options.formats) };
}

/** The zip's file name: the workspace's slug, and the project's when the export is of one project. */
export function exportArchiveName(stack: Stack): string {
  const project = stack.project ? `-${stack.project.slug}` : '';
  return `stackyard-${stack.workspace.slug}${project}-ai.zip`;
}
