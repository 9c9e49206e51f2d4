import { ExternalLink } from '@/components/ui/external-link';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Resource } from '@stackyard/contracts/resource';
import { DocumentTitle } from '@/components/document-title';
import { ItemEditor } from '@/components/item-editor';
import { ItemIcon } from '@/components/item-icon';
import { MetadataRefreshAction } from '@/components/metadata-refresh';
import { RelativeTime } from '@/components/relative-time';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { RatingSelect } from '@/components/ui/rating-select';
import { StarRating } from '@/components/ui/star-rating';
import { StarRatingInput } from '@/components/ui/star-rating-input';
import { useDeleteResource } from '../api/delete-resource';
import { useResource } from '../api/get-resource';
import { useResourceCopy } from '../api/get-resource-copy';
import { useRefreshResourceMetadata } from '../api/refresh-resource-metadata';
import { useUpdateResource } from '../api/update-resource';
import { useUpdateResourceRating } from '../api/update-resource-rating';
import { ResourceImage } from './resource-image';

type ResourceDetailProps = {
  workspaceId: string;
  resourceId: string;
  canEdit: boolean;
  onDeleted: () => void;
  children: (resource: Resource) => ReactNode;
  /** Links shown when there is no such resource at this address. */
  wayBack?: ReactNode;
  /** The readable view of the resource's saved copy, linked when it has one. */
  copyHref: string;
};

// Resource detail; a resource of another workspace counts as not found at this address.
export function ResourceDetail({
  workspaceId,
  resourceId,
  canEdit,
  onDeleted,
  children,
  wayBack,
  copyHref,
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
        {wayBack}
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
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <EditResource workspaceId={workspaceId} resource={data} />
            <DeleteResource workspaceId={workspaceId} resource={data} onDeleted={onDeleted} />
          </div>
        )}
      </div>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <ExternalLink
          href={data.raw_submitted_url}
          className="break-all text-zinc-700 underline decoration-zinc-300 underline-offset-4"
        >
          {data.raw_submitted_url}
        </ExternalLink>
        <SavedCopyLink resourceId={data.workspace_resource_id} href={copyHref} />
      </p>
      <Byline resource={data} />
      <ResourceImage src={data.metadata.media.image} className="mt-4 max-h-80 w-full" />
      {data.metadata.extracted_description && (
        <p className="mt-4 text-zinc-800">{data.metadata.extracted_description}</p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {canEdit ? (
          <ResourceRating workspaceId={workspaceId} resource={data} />
        ) : (
          <StarRating rating={data.context.rating} className="text-xl" />
        )}
      </div>
      {canEdit && (
        <div className="mt-4">
          <RefreshResource workspaceId={workspaceId} resource={data} />
        </div>
      )}
      {children(data)}
    </article>
  );
}

/** "Saved copy", once the resource has one (nothing while that is asked, or when it has none). */
function SavedCopyLink({ resourceId, href }: { resourceId: string; href: string }) {
  const copy = useResourceCopy(resourceId);
  if (!copy.data) return null;
  return (
    <Link to={href} className="font-medium whitespace-nowrap text-zinc-900 underline underline-offset-4">
      Saved copy
    </Link>
  );
}

/** Who published it, who wrote it and when: "Launch Notes · Ada Byron · 2 months ago". */
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
          <RelativeTime iso={published} />
        </>
      )}
    </p>
  );
}

function ResourceRating({ workspaceId, resource }: { workspaceId: string; resource: Resource }) {
  const update = useUpdateResourceRating(workspaceId);
  const rate = (rating: number | null) =>
    update.mutate({ resourceId: resource.workspace_resource_id, rating });
  return (
    <>
      <StarRatingInput value={resource.context.rating} onChange={rate} className="text-xl" />
      <RatingSelect
        value={resource.context.rating}
        disabled={update.isPending}
        error={update.error?.message}
        onChange={rate}
      />
    </>
  );
}

const RESOURCE_FIELD_LABELS = {
  title: 'Title',
  description: 'Description',
  url: 'URL',
  icon_url: 'Icon URL',
};

function RefreshResource({ workspaceId, resource }: { workspaceId: string; resource: Resource }) {
  const refresh = useRefreshResourceMetadata();
  const update = useUpdateResource(workspaceId);
  return (
    <MetadataRefreshAction
      labels={RESOURCE_FIELD_LABELS}
      refresh={() => refresh.mutateAsync(resource.workspace_resource_id)}
      apply={(changes) => update.mutateAsync({ resourceId: resource.workspace_resource_id, changes })}
    />
  );
}

function EditResource({ workspaceId, resource }: { workspaceId: string; resource: Resource }) {
  const update = useUpdateResource(workspaceId);
  return (
    <ItemEditor
      what="resource"
      pending={update.isPending}
      error={update.error}
      onOpen={update.reset}
      save={(changes) => update.mutateAsync({ resourceId: resource.workspace_resource_id, changes })}
      fields={[
        { name: 'title', label: RESOURCE_FIELD_LABELS.title, value: resource.metadata.extracted_title },
        {
          name: 'description',
          label: RESOURCE_FIELD_LABELS.description,
          value: resource.metadata.extracted_description,
          multiline: true,
        },
        {
          name: 'url',
          label: RESOURCE_FIELD_LABELS.url,
          value: resource.raw_submitted_url,
          type: 'url',
          required: true,
        },
        {
          name: 'icon_url',
          label: RESOURCE_FIELD_LABELS.icon_url,
          value: resource.metadata.extracted_icon,
          type: 'url',
        },
      ]}
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
      request={remove}
      onConfirm={() => remove.mutate(resource.workspace_resource_id, { onSuccess: onDeleted })}
    >
      Its rating, tags and comments go with it. This cannot be undone.
    </ConfirmDelete>
  );
}
