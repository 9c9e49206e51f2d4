import { useState } from 'react';
import { Link } from 'react-router';
import type { ItemSort } from '@stackyard/contracts/catalog';
import type { Tag } from '@stackyard/contracts/tag';
import { CatalogListPage, PagedCards } from '@/components/catalog-list';
import { HealthBadge } from '@/components/health-badge';
import { ItemIcon } from '@/components/item-icon';
import { SearchHitList } from '@/components/search-hit-list';
import { SortSelect, TagFilter } from '@/components/list-filters';
import { buttonVariants } from '@/components/ui/button-variants';
import { LinkButton } from '@/components/ui/link-button';
import { StarRating } from '@/components/ui/star-rating';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { exportResourcesHref } from '../api/export-resources';
import { useResources, type ResourceListFilters } from '../api/get-resources';
import { useSearchResources } from '../api/search-resources';
import { ResourceImage } from './resource-image';

type ResourcesListProps = {
  workspaceId: string;
  tags: Tag[];
  resourceHref: (resourceId: string) => string;
  /** The ingestion form (resources chosen), where a resource is added. */
  addResourceHref: string;
  canAdd: boolean;
  /** What the search box holds at first (the address's `?q=`). */
  initialSearch?: string;
};

export function ResourcesList({
  workspaceId,
  tags,
  resourceHref,
  addResourceHref,
  canAdd,
  initialSearch = '',
}: ResourcesListProps) {
  const [sort, setSort] = useState<ItemSort>('recent');
  const [tag, setTag] = useState<string | null>(null);
  const [search, setSearch] = useState(initialSearch);
  const q = useDebouncedValue(search.trim(), 250);
  const searchHits = useSearchResources(workspaceId, q);

  return (
    <CatalogListPage
      title="Resources"
      actions={
        <>
          {/* A download, not a page of the app: a plain link, so the browser saves the file. */}
          <a
            href={exportResourcesHref(workspaceId)}
            download
            className={buttonVariants({ variant: 'outline' })}
          >
            Export bookmarks
          </a>
          {canAdd && <LinkButton to={addResourceHref}>Add a resource</LinkButton>}
        </>
      }
      search={search}
      onSearch={setSearch}
      filters={
        <>
          <TagFilter tags={tags} value={tag} onChange={setTag} />
          <SortSelect value={sort} onChange={setSort} />
        </>
      }
    >
      {q ? (
        <SearchHitList q={q} noun="resources" hits={searchHits} hrefOf={(hit) => resourceHref(hit.id)} />
      ) : (
        <PagedResources
          workspaceId={workspaceId}
          filters={{ sort, tag }}
          resourceHref={resourceHref}
          addResourceHref={addResourceHref}
          canAdd={canAdd}
        />
      )}
    </CatalogListPage>
  );
}

function PagedResources({
  workspaceId,
  filters,
  resourceHref,
  addResourceHref,
  canAdd,
}: {
  workspaceId: string;
  filters: ResourceListFilters;
  resourceHref: (resourceId: string) => string;
  addResourceHref: string;
  canAdd: boolean;
}) {
  const resources = useResources(workspaceId, filters);
  return (
    <PagedCards
      noun="resources"
      query={resources}
      keyOf={(resource) => resource.workspace_resource_id}
      empty={{
        title: filters.tag ? 'No resources with this tag' : 'No resources yet',
        text: `Articles, docs and videos saved to this workspace appear here.${
          canAdd ? ' Add one by its URL, or import your browser bookmarks.' : ''
        }`,
        action: canAdd && !filters.tag && (
          <LinkButton to={addResourceHref} variant="outline" className="mt-4">
            Add your first resource
          </LinkButton>
        ),
      }}
      card={(resource) => (
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
            <p className="line-clamp-3 text-sm text-zinc-600">{resource.metadata.extracted_description}</p>
          )}
          <div className="mt-auto flex items-center justify-between gap-2 pt-1">
            <StarRating rating={resource.context.rating} />
            <HealthBadge health={resource.health} />
          </div>
        </Link>
      )}
    />
  );
}
