import { useState } from 'react';
import { Link } from 'react-router';
import type { ItemSort } from '@stackyard/contracts/catalog';
import type { Tag } from '@stackyard/contracts/tag';
import { DocumentTitle } from '@/components/document-title';
import { ItemIcon } from '@/components/item-icon';
import { SortSelect, TagFilter } from '@/components/list-filters';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { LinkButton } from '@/components/ui/link-button';
import { StarRating } from '@/components/ui/star-rating';
import { exportResourcesHref } from '../api/export-resources';
import { useResources } from '../api/get-resources';
import { ResourceImage } from './resource-image';

type ResourcesListProps = {
  workspaceId: string;
  tags: Tag[];
  resourceHref: (resourceId: string) => string;
  /** The ingestion form (resources chosen), where a resource is added. */
  addResourceHref: string;
  canAdd: boolean;
};

export function ResourcesList({
  workspaceId,
  tags,
  resourceHref,
  addResourceHref,
  canAdd,
}: ResourcesListProps) {
  const [sort, setSort] = useState<ItemSort>('recent');
  const [tag, setTag] = useState<string | null>(null);
  const resources = useResources(workspaceId, { sort, tag });
  const items = resources.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <DocumentTitle title="Resources" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Resources</h1>
        <div className="flex flex-wrap gap-2">
          {/* A download, not a page of the app: a plain link, so the browser saves the file. */}
          <a
            href={exportResourcesHref(workspaceId)}
            download
            className={buttonVariants({ variant: 'outline' })}
          >
            Export bookmarks
          </a>
          {canAdd && <LinkButton to={addResourceHref}>Add a resource</LinkButton>}
        </div>
      </div>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <TagFilter tags={tags} value={tag} onChange={setTag} />
        <SortSelect value={sort} onChange={setSort} />
      </div>
      <div className="mt-8">
        {resources.isPending ? (
          <StatusScreen text="Loading resources..." />
        ) : resources.isError ? (
          <Alert>Error loading resources: {resources.error.message}</Alert>
        ) : items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-16 text-center">
            <h2 className="text-lg font-semibold text-zinc-950">
              {tag ? 'No resources with this tag' : 'No resources yet'}
            </h2>
            <p className="mt-2 text-zinc-600">
              Articles, docs and videos saved to this workspace appear here.
              {canAdd ? ' Add one by its URL, or import your browser bookmarks.' : ''}
            </p>
            {canAdd && !tag && (
              <LinkButton to={addResourceHref} variant="outline" className="mt-4">
                Add your first resource
              </LinkButton>
            )}
          </div>
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((resource) => (
                <li key={resource.workspace_resource_id}>
                  <Link
                    to={resourceHref(resource.workspace_resource_id)}
                    className="flex h-full flex-col gap-2 rounded-xl border border-zinc-200 bg-white p-5 shadow-xs hover:border-zinc-400"
                  >
                    <ResourceImage src={resource.metadata.media.image} className="h-32 w-full" />
                    <div className="flex min-w-0 items-center gap-2">
                      <ItemIcon
                        size="sm"
                        name={resource.metadata.site_name ?? resource.raw_submitted_url}
                        src={resource.metadata.media.icon}
                      />
                      <h2 className="min-w-0 font-semibold break-words text-zinc-950">
                        {resource.metadata.extracted_title ?? resource.raw_submitted_url}
                      </h2>
                    </div>
                    {resource.metadata.extracted_description && (
                      <p className="line-clamp-3 text-sm text-zinc-600">
                        {resource.metadata.extracted_description}
                      </p>
                    )}
                    <StarRating rating={resource.context.rating} className="mt-auto pt-1" />
                  </Link>
                </li>
              ))}
            </ul>
            {resources.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => void resources.fetchNextPage()}
                  disabled={resources.isFetchingNextPage}
                >
                  {resources.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
