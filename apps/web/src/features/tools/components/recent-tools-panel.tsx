import { PanelLinkItem, RecentPanel } from '@/components/recent-panel';
import { ItemIcon } from '@/components/item-icon';
import { StarRating } from '@/components/ui/star-rating';
import { useRecentTools } from '../api/get-tools';

/** The dashboard's newest tools of a workspace, each with its rating. */
export function RecentToolsPanel({
  workspaceId,
  allHref,
  toolHref,
}: {
  workspaceId: string;
  allHref: string;
  toolHref: (slug: string) => string;
}) {
  return (
    <RecentPanel
      thing="tools"
      allHref={allHref}
      allLabel="View every tool"
      query={useRecentTools(workspaceId)}
      render={(tool) => (
        <PanelLinkItem
          key={tool.workspace_tool_id}
          href={toolHref(tool.slug)}
          name={tool.metadata.name ?? tool.slug}
          icon={<ItemIcon size="sm" name={tool.metadata.name ?? tool.slug} src={tool.metadata.media.icon} />}
        >
          <StarRating rating={tool.context.rating} className="shrink-0 text-xs" />
        </PanelLinkItem>
      )}
    />
  );
}
