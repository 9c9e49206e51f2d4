import type { ReactNode } from 'react';
import type { Resource } from '@stackyard/contracts/resource';
import { DocumentTitle } from '@/components/document-title';
import { ItemIcon } from '@/components/item-icon';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { RatingSelect } from '@/components/ui/rating-select';
import { StarRating } from '@/components/ui/star-rating';
import { useDeleteResource } from '../api/delete-resource';
import { useResource } from '../api/get-resource';
import { useUpdateResourceRating } from '../api/update-resource-rating';
import { ResourceImage } from './resource-image';

type ResourceDetailProps = {
  workspaceId: string;
  resourceId: string;
  canEdit: boolean;
  onDeleted: () => void;
  children: (resource: Resource) => ReactNode;
};

// Spec §2 Resource detail; a resource of another workspace counts as not found at this address.
export function ResourceDetail({
  workspaceId,
  resourceId,
  canEdit,
  onDeleted,
  children,
}: ResourceDetailProps) {
  const resource = useResource(resourceId);
  if (resource.isPending) return <StatusScreen text="Loading resource..." />;
  if (resource.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert>Error loading resources: {resource.error.message}</Alert>
      </div>
    );
  }
  if (!resource.data || resource.data.workspace_id !== workspaceId) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <DocumentTitle title="Resource not found" />
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Resource not found</h1>
      </section>
    );
  }
  const data = resource.data;
  const title = data.metadata.extracted_title ?? data.raw_submitted_url;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <DocumentTitle title={title} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <ItemIcon name={data.metadata.site_name ?? title} src={data.metadata.media.icon} />
          <h1 className="min-w-0 text-3xl font-semibold tracking-tight break-words text-zinc-950">{title}</h1>
        </div>
        {canEdit && <DeleteResource workspaceId={workspaceId} resource={data} onDeleted={onDeleted} />}
      </div>
      <a
        href={data.raw_submitted_url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-block text-sm break-all text-zinc-700 underline decoration-zinc-300 underline-offset-4"
      >
        {data.raw_submitted_url}
      </a>
      <Byline resource={data} />
      <ResourceImage src={data.metadata.media.image} className="mt-4 max-h-80 w-full" />
      {data.metadata.extracted_description && (
        <p className="mt-4 text-zinc-800">{data.metadata.extracted_description}</p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <StarRating rating={data.context.rating} className="text-xl" />
        {canEdit && <ResourceRating workspaceId={workspaceId} resource={data} />}
      </div>
      {children(data)}
    </article>
  );
}

/** Who published it, who wrote it and when: "Launch Notes · Ada Byron · 14 March 2026". */
function Byline({ resource }: { resource: Resource }) {
  const { site_name: site, author, published_at: published } = resource.metadata;
  if (!site && !author && !published) return null;
  const parts = [site, author].filter((part): part is string => Boolean(part));
  return (
    <p className="mt-2 text-sm text-zinc-600">
      {parts.join(' · ')}
      {published && (
        <>
          {parts.length > 0 && ' · '}
          <time dateTime={published}>
            {new Date(published).toLocaleDateString(undefined, { dateStyle: 'long' })}
          </time>
        </>
      )}
    </p>
  );
}

function ResourceRating({ workspaceId, resource }: { workspaceId: string; resource: Resource }) {
  const update = useUpdateResourceRating(workspaceId);
  return (
    <RatingSelect
      value={resource.context.rating}
      disabled={update.isPending}
      error={update.error?.message}
      onChange={(rating) => update.mutate({ resourceId: resource.workspace_resource_id, rating })}
    />
  );
}

function DeleteResource({
  workspaceId,
  resource,
  onDeleted,
}: {
  workspaceId: string;
  resource: Resource;
  onDeleted: () => void;
}) {
  const remove = useDeleteResource(workspaceId);
  return (
    <ConfirmDelete
      title="Delete this resource?"
      confirmLabel="Delete Resource"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(resource.workspace_resource_id, { onSuccess: onDeleted })}
    >
      Its rating, tags and comments go with it. This cannot be undone.
    </ConfirmDelete>
  );
}
