import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Project } from '@stackyard/contracts/project';
import type { Tool } from '@stackyard/contracts/tool';
import { RelativeTime } from '@/components/relative-time';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { useProjectBySlug } from '../api/get-project-by-slug';
import { useDeleteProject } from '../api/delete-project';
import { useProjectTools } from '../api/get-project-tools';
import { useSetProjectTool } from '../api/set-project-tool';
import { RenameProjectDialog } from './rename-project-dialog';

type ProjectDetailProps = {
  workspaceId: string;
  slug: string;
  /** Editors and admins link tools and delete the project. */
  canEdit: boolean;
  /** The workspace's tools that can be linked (from the route). */
  availableTools: Tool[];
  /** After a delete: back to the projects list. */
  onDeleted: () => void;
  /** After a rename: the project's address follows a new slug. */
  onRenamed?: (project: Project) => void;
  toolHref: (toolSlug: string) => string;
  /** The Drift page showing this project's latest scan. */
  driftHref: (projectId: string) => string;
  /** What other features add under the project (tags, comments), composed by the route. */
  children: (project: Project) => ReactNode;
};

// Project detail: 'Loading project...', 'Error loading project: {message}', 'Project not found'.
export function ProjectDetail({
  workspaceId,
  slug,
  canEdit,
  availableTools,
  onDeleted,
  onRenamed,
  toolHref,
  driftHref,
  children,
}: ProjectDetailProps) {
  const project = useProjectBySlug(workspaceId, slug);
  if (project.isPending) return <StatusScreen text="Loading project..." />;
  if (project.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert>Error loading project: {project.error.message}</Alert>
      </div>
    );
  }
  if (!project.data) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <DocumentTitle title="Project not found" />
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Project not found</h1>
      </section>
    );
  }
  const data = project.data;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <DocumentTitle title={data.metadata.name} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">{data.metadata.name}</h1>
        {canEdit && (
          <div className="flex gap-2">
            <RenameProjectDialog project={data} onRenamed={(saved) => onRenamed?.(saved)} />
            <DeleteProject workspaceId={workspaceId} project={data} onDeleted={onDeleted} />
          </div>
        )}
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-zinc-600">
        <div className="flex gap-1">
          <dt>Slug:</dt>
          <dd className="font-mono text-zinc-900">{data.slug}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Created:</dt>
          <dd>
            <RelativeTime iso={data.created_at} />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>Repository:</dt>
          <dd className="flex gap-2">
            <span className="font-mono text-zinc-900">{repositoryLabel(data)}</span>
            <Link to={driftHref(data.id)} className="text-zinc-900 hover:underline">
              Drift
            </Link>
          </dd>
        </div>
      </dl>
      <ProjectTools
        projectId={data.id}
        toolHref={toolHref}
        canEdit={canEdit}
        availableTools={availableTools}
      />
      {children(data)}
    </article>
  );
}

type ProjectToolsProps = {
  projectId: string;
  toolHref: (slug: string) => string;
  canEdit: boolean;
  availableTools: Tool[];
};

function ProjectTools({ projectId, toolHref, canEdit, availableTools }: ProjectToolsProps) {
  const tools = useProjectTools(projectId);
  const setTool = useSetProjectTool(projectId);
  const selectId = useId();
  const linkedIds = new Set(tools.data?.map((tool) => tool.workspace_tool_id));
  const unlinked = availableTools.filter((tool) => !linkedIds.has(tool.workspace_tool_id));
  return (
    <section aria-labelledby="project-tools" className="mt-8">
      <h2 id="project-tools" className="text-lg font-semibold text-zinc-950">
        Tools
      </h2>
      {tools.isPending ? (
        <p className="mt-2 text-sm text-zinc-600">Loading tools...</p>
      ) : tools.isError ? (
        <Alert className="mt-2">Error loading tools: {tools.error.message}</Alert>
      ) : tools.data.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">This project uses no tools yet.</p>
      ) : (
        <ul aria-label="Tools used" className="mt-2 flex flex-wrap gap-2">
          {tools.data.map((tool) => (
            <li
              key={tool.workspace_tool_id}
              className="inline-flex items-center gap-1 rounded-lg border border-zinc-200 px-3 py-1 text-sm"
            >
              <Link to={toolHref(tool.slug)} className="hover:underline">
                {tool.metadata.name ?? tool.slug}
              </Link>
              {canEdit && (
                <button
                  type="button"
                  aria-label={`Remove ${tool.slug} from the project`}
                  disabled={setTool.isPending}
                  onClick={() => setTool.mutate({ toolId: tool.workspace_tool_id, linked: false })}
                  className="ml-1 text-zinc-500 hover:text-red-700"
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && unlinked.length > 0 && (
        <div className="mt-3 flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-zinc-700">
            Add a tool
          </label>
          <select
            id={selectId}
            value=""
            disabled={setTool.isPending}
            onChange={(event) => {
              if (event.target.value) setTool.mutate({ toolId: event.target.value, linked: true });
            }}
            className="h-8 rounded-lg border border-zinc-300 bg-white px-2 text-sm"
          >
            <option value="">Choose a tool...</option>
            {unlinked.map((tool) => (
              <option key={tool.workspace_tool_id} value={tool.workspace_tool_id}>
                {tool.metadata.name ?? tool.slug}
              </option>
            ))}
          </select>
        </div>
      )}
      {setTool.error && <Alert className="mt-2">{setTool.error.message}</Alert>}
    </section>
  );
}

function DeleteProject({
  workspaceId,
  project,
  onDeleted,
}: {
  workspaceId: string;
  project: Project;
  onDeleted: () => void;
}) {
  const remove = useDeleteProject(workspaceId);
  return (
    <ConfirmDelete
      title={`Delete ${project.metadata.name}?`}
      confirmLabel="Delete Project"
      request={remove}
      onConfirm={() => remove.mutate(project.id, { onSuccess: onDeleted })}
    >
      Its comments, tags and tool links go with it. The tools stay in the workspace. This cannot be undone.
    </ConfirmDelete>
  );
}

/** owner/name, with the branch after @ and the folder after it, or 'none'. */
function repositoryLabel({ repository }: Project): string {
  if (!repository) return 'none';
  const branch = repository.branch ? `@${repository.branch}` : '';
  return `${repository.full_name}${branch}${repository.path ? `/${repository.path}` : ''}`;
}
