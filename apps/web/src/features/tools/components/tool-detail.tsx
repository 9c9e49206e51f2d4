import type { ReactNode } from 'react';
import type { Tool } from '@stackyard/contracts/tool';
import { DocumentTitle } from '@/components/document-title';
import { ItemIcon } from '@/components/item-icon';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { RatingSelect } from '@/components/ui/rating-select';
import { StarRating } from '@/components/ui/star-rating';
import { useDeleteTool } from '../api/delete-tool';
import { useToolBySlug } from '../api/get-tool-by-slug';
import { useUpdateToolRating } from '../api/update-tool-rating';
import { ToolStance } from './tool-stance';

type ToolDetailProps = {
  workspaceId: string;
  slug: string;
  /** Rating the tool, setting its stance. */
  canEdit: boolean;
  /** Spec §6: editors and admins delete tools. */
  canDelete: boolean;
  /** Spec §2: after a delete, the workspace's tools list. */
  onDeleted: () => void;
  /** Tags and comments, composed by the route. */
  children: (tool: Tool) => ReactNode;
};

export function ToolDetail({ workspaceId, slug, canEdit, canDelete, onDeleted, children }: ToolDetailProps) {
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
      </section>
    );
  }
  const data = tool.data;
  const { canonical_links: canonical, community_links: community } = data.metadata;
  const links = [
    { label: 'Homepage', href: canonical.homepage_url },
    { label: 'Source', href: canonical.forge_url },
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
        {canDelete && <DeleteTool workspaceId={workspaceId} tool={data} onDeleted={onDeleted} />}
      </div>
      <a
        href={data.raw_submitted_url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-block text-sm break-all text-zinc-700 underline decoration-zinc-300 underline-offset-4"
      >
        {data.raw_submitted_url}
      </a>
      {data.metadata.description && <p className="mt-4 text-zinc-800">{data.metadata.description}</p>}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <StarRating rating={data.context.rating} className="text-xl" />
        {canEdit && <ToolRating workspaceId={workspaceId} tool={data} />}
      </div>
      <ToolStance workspaceId={workspaceId} toolId={data.workspace_tool_id} canEdit={canEdit} />
      {links.length > 0 && (
        <ul aria-label="Links" className="mt-4 flex flex-wrap gap-3 text-sm">
          {links.map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="text-zinc-900 underline decoration-zinc-300 underline-offset-4 hover:decoration-zinc-900"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      {children(data)}
    </article>
  );
}

function ToolRating({ workspaceId, tool }: { workspaceId: string; tool: Tool }) {
  const update = useUpdateToolRating(workspaceId);
  return (
    <RatingSelect
      value={tool.context.rating}
      disabled={update.isPending}
      error={update.error?.message}
      onChange={(rating) => update.mutate({ toolId: tool.workspace_tool_id, rating })}
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
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(tool.workspace_tool_id, { onSuccess: onDeleted })}
    >
      The tool leaves this workspace with its rating, tags and comments. This cannot be undone.
    </ConfirmDelete>
  );
}
