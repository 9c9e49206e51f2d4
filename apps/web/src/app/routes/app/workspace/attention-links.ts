import type { AttentionItem } from '@stackyard/contracts/health';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { paths } from '@/config/paths';
import { updateResource } from '@/features/resources/api/update-resource';
import { updateTool } from '@/features/tools/api/update-tool';
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
    acceptMoved: ({ kind, id, health }) => {
      const url = health.moved_to ?? health.url;
      return kind === 'tool' ? updateTool(id, { homepage_url: url }) : updateResource(id, { url });
    },
  };
}
