import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { paths } from '@/config/paths';
import { useCurrentWorkspace } from '@/features/workspaces/lib/use-current-workspace';
import { matchWorkspaceRoute } from '@/features/workspaces/lib/resolve';

const roleLabel = { admin: 'Admin', editor: 'Editor', viewer: 'Viewer' } as const;

export function WorkspaceDashboardRoute() {
  const { username = '', workspaceSlug = '' } = useParams();
  const { workspaces, currentId, setCurrentId, query } = useCurrentWorkspace();
  const match = query.data ? matchWorkspaceRoute(workspaces, username, workspaceSlug) : null;
  const matchedId = match?.kind === 'found' ? match.workspace.id : null;

  // Visiting a workspace's page makes it the current one, so the sidebar and switcher follow the address.
  useEffect(() => {
    if (matchedId && matchedId !== currentId) setCurrentId(matchedId);
  }, [matchedId, currentId, setCurrentId]);

  if (!match) return <StatusScreen text="Loading..." />;
  if (match.kind === 'moved') {
    const owner = match.workspace.owner_username ?? username;
    return <Navigate to={paths.workspace.dashboard.getHref(owner, match.workspace.slug)} replace />;
  }
  if (match.kind === 'none') {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <DocumentTitle title="404 - Not Found" />
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">404 - Not Found</h1>
        <p className="mt-4 text-zinc-600">
          There is no workspace at this address among yours. It may have been renamed or deleted, or you are
          not a member of it.
        </p>
      </section>
    );
  }
  const { workspace } = match;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-12">
      <DocumentTitle title={workspace.name} />
      <p className="text-sm font-medium text-amber-700">
        {workspace.owner_username}/{workspace.slug} · {roleLabel[workspace.access_level]}
      </p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight text-zinc-950">{workspace.name}</h1>
      {workspace.description && <p className="mt-3 max-w-2xl text-zinc-600">{workspace.description}</p>}
    </section>
  );
}
