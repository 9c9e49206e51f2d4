import type { AttentionItem } from '@stackyard/contracts/health';
import { Alert } from '@/components/ui/alert';
import { PanelLoading } from '@/components/recent-panel';
import { NeedsAttentionList, type AttentionLinks } from './needs-attention-list';

type NeedsAttentionStateProps = {
  workspaceId: string;
  canEdit: boolean;
  links: AttentionLinks;
  /** The workspace's items that need attention, as the query has them so far. */
  attention: { data: AttentionItem[] | undefined; error: Error | null };
  /** What an empty list says. */
  empty: string;
  /** How many items are listed, when not all of them. */
  shown?: number;
};

/** The items that need attention, or that none do, or why they could not be loaded, or that they load. */
export function NeedsAttentionState({
  workspaceId,
  canEdit,
  links,
  attention,
  empty,
  shown,
}: NeedsAttentionStateProps) {
  if (attention.data) {
    if (attention.data.length === 0) return <p className="text-sm text-zinc-600">{empty}</p>;
    return (
      <NeedsAttentionList
        workspaceId={workspaceId}
        items={attention.data.slice(0, shown)}
        canEdit={canEdit}
        links={links}
      />
    );
  }
  if (attention.error) {
    return <Alert>{`Error loading the links that need attention: ${attention.error.message}`}</Alert>;
  }
  return <PanelLoading text="Loading the links that need attention..." />;
}
