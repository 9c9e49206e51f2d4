import { useState } from 'react';
import { Link } from 'react-router';
import type { ProjectSort } from '@stackyard/contracts/catalog';
import type { Project } from '@stackyard/contracts/project';
import { RelativeTime } from '@/components/relative-time';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useProjects } from '../api/get-projects';
import { CreateProjectDialog } from './create-project-dialog';

type ProjectsListProps = {
  workspaceId: string;
  canEdit: boolean;
  projectHref: (slug: string) => string;
  onCreated: (project: Project) => void;
};

export function ProjectsList({ workspaceId, canEdit, projectHref, onCreated }: ProjectsListProps) {
  const [sort, setSort] = useState<ProjectSort>('recent');
  const projects = useProjects(workspaceId, { sort });
  const items = projects.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <DocumentTitle title="Projects" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Projects</h1>
        <div className="flex items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-zinc-700">
            Sort
            <select
              value={sort}
              onChange={(event) => setSort(event.target.value as ProjectSort)}
              className="h-10 rounded-lg border border-zinc-300 bg-white px-2 text-sm"
            >
              <option value="recent">Most recent</option>
              <option value="name">Name</option>
            </select>
          </label>
          {canEdit && <CreateProjectDialog workspaceId={workspaceId} onCreated={onCreated} />}
        </div>
      </div>
      <div className="mt-8">
        {projects.isPending ? (
          <StatusScreen text="Loading projects..." />
        ) : projects.isError ? (
          <Alert>Error loading projects: {projects.error.message}</Alert>
        ) : items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-16 text-center">
            <h2 className="text-lg font-semibold text-zinc-950">No projects yet</h2>
            <p className="mt-2 text-zinc-600">
              {canEdit
                ? 'Create a project to record which tools it uses.'
                : 'Editors and admins of this workspace can create projects.'}
            </p>
          </div>
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((project) => (
                <li key={project.id}>
                  <Link
                    to={projectHref(project.slug)}
                    className="block rounded-xl border border-zinc-200 bg-white p-5 shadow-xs hover:border-zinc-400"
                  >
                    <h2 className="font-semibold text-zinc-950">{project.metadata.name}</h2>
                    <p className="mt-1 text-sm text-zinc-600">{project.slug}</p>
                    <p className="mt-3 text-xs text-zinc-500">
                      Created <RelativeTime iso={project.created_at} />
                    </p>
                  </Link>
                </li>
              ))}
            </ul>
            {projects.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => void projects.fetchNextPage()}
                  disabled={projects.isFetchingNextPage}
                >
                  {projects.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
