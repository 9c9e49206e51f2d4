import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { driftSchema, scanSummarySchema } from '@stackyard/contracts/drift';
import { apiRequest, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const base = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}`;

/** The latest scan of the workspace (or one project) compared with the stances as they are now. */
export function useDrift(workspaceId: string, projectId: string | null) {
  return useQuery({
    queryKey: queryKeys.drift(workspaceId, projectId),
    queryFn: ({ signal }) =>
      apiRequest(`${base(workspaceId)}/drift${queryString({ project_id: projectId })}`, {
        schema: driftSchema,
        signal,
      }),
  });
}

export type ManifestFile = { path: string; content: string };

/** Manifest files, or one .zip or .tar.gz of a checkout (scanned on the server). */
export type ScanUpload = { files: ManifestFile[] } | { archive: File };

export function useUploadScan(workspaceId: string, projectId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: ScanUpload) =>
      'archive' in upload
        ? apiRequest(`${base(workspaceId)}/scans/archive${queryString({ project_id: projectId })}`, {
            method: 'POST',
            body: new Blob([upload.archive], {
              type: /\.zip$/i.test(upload.archive.name) ? 'application/zip' : 'application/gzip',
            }),
            schema: scanSummarySchema,
          })
        : apiRequest(`${base(workspaceId)}/scans`, {
            method: 'POST',
            body: { project_id: projectId, files: upload.files },
            schema: scanSummarySchema,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.drift(workspaceId, projectId) }),
  });
}

/** Scans the connected GitHub repository on the server; the result is the workspace's latest scan. */
/** Scans the workspace's connected repository, or the project's linked one. */
export function useScanRepository(workspaceId: string, projectId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`${base(workspaceId)}/scans/repository${queryString({ project_id: projectId })}`, {
        method: 'POST',
        schema: scanSummarySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.drift(workspaceId, projectId) }),
  });
}
