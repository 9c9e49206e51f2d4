import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  radarExportFileName,
  radarSchema,
  radarSettingsSchema,
  type RadarExportFormat,
  type UpdateRadarSettings,
} from '@stackyard/contracts/radar';
import { apiBlob, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const radarPath = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/radar`;

export function useRadar(workspaceId: string) {
  return useQuery({
    queryKey: queryKeys.stack.radar(workspaceId),
    queryFn: () => apiRequest(radarPath(workspaceId), { schema: radarSchema }),
  });
}

export function useRadarSettings(workspaceId: string) {
  return useQuery({
    queryKey: queryKeys.stack.radarSettings(workspaceId),
    queryFn: () => apiRequest(`${radarPath(workspaceId)}/settings`, { schema: radarSettingsSchema }),
  });
}

export function useUpdateRadarSettings(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRadarSettings) =>
      apiRequest(`${radarPath(workspaceId)}/settings`, { method: 'PUT', body, schema: radarSettingsSchema }),
    // The settings and the radar drawn with them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.stack.radar(workspaceId) }),
  });
}

/** Saves one export as the file the browser downloads. */
export async function downloadRadarExport(
  workspaceId: string,
  workspaceSlug: string,
  format: RadarExportFormat,
): Promise<void> {
  const blob = await apiBlob(`${radarPath(workspaceId)}/export/${encodeURIComponent(format)}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = radarExportFileName(workspaceSlug, format);
  link.click();
  URL.revokeObjectURL(url);
}
