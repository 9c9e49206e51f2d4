import { DocumentTitle } from '@/components/document-title';
import { paths } from '@/config/paths';
import { WorkspaceGate } from './workspace-gate';

const roleLabel = { admin: 'Admin', editor: 'Editor', viewer: 'Viewer' } as const;

export function WorkspaceDashboardRoute() {
  return (
    <WorkspaceGate movedHref={paths.workspace.dashboard.getHref}>
      {(workspace) => (
        <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-12">
          <DocumentTitle title={workspace.name} />
          <p className="text-sm font-medium text-amber-700">
            {workspace.owner_username}/{workspace.slug} · {roleLabel[workspace.access_level]}
          </p>
          <h1 className="mt-1 text-3xl font-semibold tracking-tight text-zinc-950">{workspace.name}</h1>
          {workspace.description && <p className="mt-3 max-w-2xl text-zinc-600">{workspace.description}</p>}
        </section>
      )}
    </WorkspaceGate>
  );
}
