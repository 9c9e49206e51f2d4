import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StackExportFormat } from '@stackyard/contracts/stack';
import { apiText, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const exportPath = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/export/ai`;

/** One file of the AI-assistant export of the workspace or one of its projects, generated from the current stack. */
export function getExportFile(
  workspaceId: string,
  format: StackExportFormat,
  projectId: string | null,
): Promise<string> {
  return apiText(
    `${exportPath(workspaceId)}/${encodeURIComponent(format)}${queryString({ project_id: projectId })}`,
  );
}

export const exportFileQueryOptions = (
  workspaceId: string,
  format: StackExportFormat,
  projectId: string | null,
) =>
  queryOptions({
    queryKey: queryKeys.stack.exportFile(workspaceId, format, projectId),
    queryFn: () => getExportFile(workspaceId, format, projectId),
  });

export function useExportFile(
  workspaceId: string,
  format: StackExportFormat | null,
  projectId: string | null,
) {
  return useQuery({
    ...exportFileQueryOptions(workspaceId, format ?? 'agents-md', projectId),
    enabled: format !== null,
  });
}

/** The API path of the zip of these formats, of the workspace or one of its projects. */
export function exportZipPath(
  workspaceId: string,
  formats: readonly StackExportFormat[],
  projectId: string | null,
): string {
  return `${exportPath(workspaceId)}${queryString({ formats: formats.join(','), project_id: projectId })}`;
}
