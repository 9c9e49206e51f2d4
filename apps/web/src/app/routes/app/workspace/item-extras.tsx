import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { CommentsSection } from '@/features/catalog/components/comments-section';
import { TagsPicker } from '@/features/catalog/components/tags-picker';
import type { CatalogItem } from '@/features/catalog/lib/item';
import { CheckLinkButton } from '@/features/health/components/check-link-button';
import { useProfile } from '@/features/profile/api/get-profile';
import { canIn } from '@/lib/permissions';

/** The tags and comments every detail page shows under its item. */
export function ItemExtras({ workspace, item }: { workspace: WorkspaceListItem; item: CatalogItem }) {
  const profile = useProfile({ enabled: true });
  return (
    <>
      {item.kind !== 'project' && canIn(workspace, 'catalog:write') ? (
        <CheckLinkButton workspaceId={workspace.id} kind={item.kind} id={item.id} />
      ) : null}
      <TagsPicker workspaceId={workspace.id} item={item} canEdit={canIn(workspace, 'catalog:write')} />
      <CommentsSection
        item={item}
        currentUserId={profile.data?.identity_id ?? null}
        canModerate={canIn(workspace, 'comments:moderate')}
        canMarkForAssistants={item.kind === 'tool' && canIn(workspace, 'catalog:write')}
      />
    </>
  );
}
