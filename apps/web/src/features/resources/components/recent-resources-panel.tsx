import { PanelLinkItem, RecentPanel } from '@/components/recent-panel';
import { ItemIcon } from '@/components/item-icon';
import { StarRating } from '@/components/ui/star-rating';
import { useRecentResources } from '../api/get-resources';

/** The dashboard's newest resources of a workspace, each with its rating. */
export function RecentResourcesPanel({
  workspaceId,
  allHref,
  resourceHref,
}: {
  workspaceId: string;
  allHref: string;
  resourceHref: (id: string) => string;
}) {
  return (
    <RecentPanel
      thing="resources"
      allHref={allHref}
      allLabel="View every resource"
      query={useRecentResources(workspaceId)}
      render={(resource) => (
        <PanelLinkItem
          key={resource.workspace_resource_id}
          href={resourceHref(resource.workspace_resource_id)}
          name={resource.metadata.extracted_title ?? resource.raw_submitted_url}
          icon={
            <ItemIcon
              size="sm"
              name={resource.metadata.site_name ?? resource.raw_submitted_url}
              src={resource.metadata.media.icon}
            />
          }
        >
          <StarRating rating={resource.context.rating} className="shrink-0 text-xs" />
        </PanelLinkItem>
      )}
    />
  );
}
