import type { AttentionItem } from '@stackyard/contracts/health';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import type { AttentionLinks } from '@/features/health/components/needs-attention-list';

/** Where an item of the list and a resource's saved copy live in the app. */
export function attentionLinks(workspace: WorkspaceListItem): AttentionLinks {
  const owner = workspace.owner_username ?? '';
  return {
    itemHref: (item: AttentionItem) =>
      item.kind === 'tool'
        ? paths.workspace.tool.getHref(owner, workspace.slug, item.slug ?? '')
        : paths.workspace.resource.getHref(owner, workspace.slug, item.id),
    copyHref: (id) => paths.workspace.resourceCopy.getHref(owner, workspace.slug, id),
    // Loaded when a member takes a new URL: the edits check their answers with the contracts' schemas, which
    // the dashboard does not load otherwise.
    acceptMoved: async ({ kind, id, health }) => {
      const url = health.moved_to ?? health.url;
      if (kind === 'tool') {
        const { updateTool } = await import('@/features/tools/api/update-tool');
        return updateTool(id, { homepage_url: url });
      }
      const { updateResource } = await import('@/features/resources/api/update-resource');
      return updateResource(id, { url });
    },
  };
}
