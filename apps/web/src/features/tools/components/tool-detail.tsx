import { ExternalLink } from '@/components/ui/external-link';
import type { ReactNode } from 'react';
import type { Tool } from '@stackyard/contracts/tool';
import { DocumentTitle } from '@/components/document-title';
import { ItemEditor } from '@/components/item-editor';
import { ItemIcon } from '@/components/item-icon';
import { MetadataRefreshAction } from '@/components/metadata-refresh';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { RatingSelect } from '@/components/ui/rating-select';
import { StarRating } from '@/components/ui/star-rating';
import { StarRatingInput } from '@/components/ui/star-rating-input';
import { useDeleteTool } from '../api/delete-tool';
import { useToolBySlug } from '../api/get-tool-by-slug';
import { useRefreshToolMetadata } from '../api/refresh-tool-metadata';
import { useUpdateTool } from '../api/update-tool';
import { useUpdateToolRating } from '../api/update-tool-rating';
import { ToolStance } from './tool-stance';

type ToolDetailProps = {
  workspaceId: string;
  slug: string;
  /** Rating the tool, setting its stance, correcting its name, description and links. */
  canEdit: boolean;
  /** Editors and admins delete tools. */
  canDelete: boolean;
  /** After a delete, the workspace's tools list. */
  onDeleted: () => void;
  /** Tags and comments, composed by the route. */
  children: (tool: Tool) => ReactNode;
  /** Links shown when there is no such tool at this address. */
  wayBack?: ReactNode;
};

export function ToolDetail({
  workspaceId,
  slug,
  canEdit,
  canDelete,
  onDeleted,
  children,
  wayBack,
}: ToolDetailProps) {
  const tool = useToolBySlug(workspaceId, slug);
  if (tool.isPending) return <StatusScreen text="Loading tool..." />;
  if (tool.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert>Error loading tool: {tool.error.message}</Alert>
      </div>
    );
  }
  if (!tool.data) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <DocumentTitle title="Tool not found" />
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Tool not found</h1>
        {wayBack}
      </section>
    );
  }
  const data = tool.data;
  const { canonical_links: canonical, community_links: community } = data.metadata;
  const links = [
    { label: 'Homepage', href: canonical.homepage_url },
    { label: 'Source', href: canonical.forge_url },
    { label: 'Documentation', href: canonical.documentation_url },
    { label: 'Discord', href: community.discord_url },
    { label: 'Slack', href: community.slack_url },
  ].filter((link): link is { label: string; href: string } => link.href !== null);

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <DocumentTitle title={data.slug} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-4">
          <ItemIcon size="lg" name={data.metadata.name ?? data.slug} src={data.metadata.media.icon} />
          <div>
            <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">{data.slug}</h1>
            {data.metadata.name && <p className="mt-1 text-zinc-600">{data.metadata.name}</p>}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {canEdit && <EditTool workspaceId={workspaceId} tool={data} />}
          {canDelete && <DeleteTool workspaceId={workspaceId} tool={data} onDeleted={onDeleted} />}
        </div>
      </div>
      <ExternalLink
        href={data.raw_submitted_url}
        className="mt-3 inline-block text-sm break-all text-zinc-700 underline decoration-zinc-300 underline-offset-4"
      >
        {data.raw_submitted_url}
      </ExternalLink>
      {data.metadata.description && <p className="mt-4 text-zinc-800">{data.metadata.description}</p>}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {canEdit ? (
          <ToolRating workspaceId={workspaceId} tool={data} />
        ) : (
          <StarRating rating={data.context.rating} className="text-xl" />
        )}
      </div>
      <ToolStance workspaceId={workspaceId} toolId={data.workspace_tool_id} canEdit={canEdit} />
      {links.length > 0 && (
        <ul aria-label="Links" className="mt-4 flex flex-wrap gap-3 text-sm">
          {links.map((link) => (
            <li key={link.label}>
              <ExternalLink
                href={link.href}
                className="text-zinc-900 underline decoration-zinc-300 underline-offset-4 hover:decoration-zinc-900"
              >
                {link.label}
              </ExternalLink>
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <div className="mt-4">
          <RefreshTool workspaceId={workspaceId} tool={data} />
        </div>
      )}
      {children(data)}
    </article>
  );
}

function ToolRating({ workspaceId, tool }: { workspaceId: string; tool: Tool }) {
  const update = useUpdateToolRating(workspaceId);
  const rate = (rating: number | null) => update.mutate({ toolId: tool.workspace_tool_id, rating });
  return (
    <>
      <StarRatingInput value={tool.context.rating} onChange={rate} className="text-xl" />
      <RatingSelect
        value={tool.context.rating}
        disabled={update.isPending}
        error={update.error?.message}
        onChange={rate}
      />
    </>
  );
}

const TOOL_FIELD_LABELS = {
  name: 'Name',
  description: 'Description',
  homepage_url: 'Homepage URL',
  forge_url: 'Repository URL',
  documentation_url: 'Documentation URL',
  icon_url: 'Icon URL',
};

function RefreshTool({ workspaceId, tool }: { workspaceId: string; tool: Tool }) {
  const refresh = useRefreshToolMetadata();
  const update = useUpdateTool(workspaceId);
  return (
    <MetadataRefreshAction
      labels={TOOL_FIELD_LABELS}
      refresh={() => refresh.mutateAsync(tool.workspace_tool_id)}
      apply={(changes) => update.mutateAsync({ toolId: tool.workspace_tool_id, changes })}
    />
  );
}

function EditTool({ workspaceId, tool }: { workspaceId: string; tool: Tool }) {
  const update = useUpdateTool(workspaceId);
  const { name, description, canonical_links: links } = tool.metadata;
  return (
    <ItemEditor
      what="tool"
      pending={update.isPending}
      error={update.error}
      onOpen={update.reset}
      save={(changes) => update.mutateAsync({ toolId: tool.workspace_tool_id, changes })}
      fields={[
        { name: 'name', label: TOOL_FIELD_LABELS.name, value: name, required: true },
        { name: 'description', label: TOOL_FIELD_LABELS.description, value: description, multiline: true },
        {
          name: 'homepage_url',
          label: TOOL_FIELD_LABELS.homepage_url,
          value: links.homepage_url,
          type: 'url',
        },
        { name: 'forge_url', label: TOOL_FIELD_LABELS.forge_url, value: links.forge_url, type: 'url' },
        {
          name: 'documentation_url',
          label: TOOL_FIELD_LABELS.documentation_url,
          value: links.documentation_url,
          type: 'url',
        },
        { name: 'icon_url', label: TOOL_FIELD_LABELS.icon_url, value: tool.metadata.icon_url, type: 'url' },
      ]}
    />
  );
}

function DeleteTool({
  workspaceId,
  tool,
  onDeleted,
}: {
  workspaceId: string;
  tool: Tool;
  onDeleted: () => void;
}) {
  const remove = useDeleteTool(workspaceId);
  return (
    <ConfirmDelete
      title={`Delete ${tool.slug}?`}
      confirmLabel="Delete Tool"
      request={remove}
      onConfirm={() => remove.mutate(tool.workspace_tool_id, { onSuccess: onDeleted })}
    >
      The tool leaves this workspace with its rating, tags and comments. This cannot be undone.
    </ConfirmDelete>
  );
}
