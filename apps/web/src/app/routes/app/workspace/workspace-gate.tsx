import { useEffect, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { WayBack, type WayBackLink } from '@/components/way-back';
import { paths } from '@/config/paths';
import { useCurrentWorkspace } from '@/features/workspaces/lib/use-current-workspace';
import { matchWorkspaceRoute } from '@/features/workspaces/lib/resolve';

type WorkspaceGateProps = {
  /** Where the same page lives under the workspace's current slug (an old slug redirects there). */
  movedHref: (owner: string, workspaceSlug: string) => string;
  /** The text shown when no workspace of the user matches; each page names its own. */
  notFound?: 'page' | 'Workspace not found';
  children: (workspace: WorkspaceListItem) => ReactNode;
};

// Every workspace page resolves username + workspaceSlug in the user's own workspace list.
export function WorkspaceGate({ movedHref, notFound = 'page', children }: WorkspaceGateProps) {
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
    return (
      <Navigate to={movedHref(match.workspace.owner_username ?? username, match.workspace.slug)} replace />
    );
  }
  if (match.kind === 'none') {
    const wayBack = <WayBack links={[{ label: 'Go to your dashboard', href: paths.dashboard.getHref() }]} />;
    if (notFound === 'Workspace not found') {
      return <CatalogMessage title="Workspace not found" wayBack={wayBack} />;
    }
    return (
      <CatalogMessage title="404 - Not Found" wayBack={wayBack}>
        There is no workspace at this address among yours. It may have been renamed or deleted, or you are not
        a member of it.
      </CatalogMessage>
    );
  }
  return children(match.workspace);
}

export function CatalogMessage({
  title,
  children,
  wayBack,
}: {
  title: string;
  children?: ReactNode;
  wayBack?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <DocumentTitle title={title} />
      <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">{title}</h1>
      {children && <p className="mt-4 text-zinc-600">{children}</p>}
      {wayBack}
    </section>
  );
}

/** Where an item missing from a known workspace leads: the workspace's home, and the search of its lists. */
export function WorkspaceWayBack({
  workspace,
  search,
}: {
  workspace: WorkspaceListItem;
  search: { kind: 'tool' | 'resource'; q?: string };
}) {
  const owner = workspace.owner_username ?? '';
  const links: WayBackLink[] = [
    { label: `Go to ${workspace.name}`, href: paths.workspace.dashboard.getHref(owner, workspace.slug) },
    search.kind === 'tool'
      ? { label: 'Search tools', href: paths.workspace.tools.getHref(owner, workspace.slug, search.q) }
      : {
          label: 'Search resources',
          href: paths.workspace.resources.getHref(owner, workspace.slug, search.q),
        },
  ];
  return <WayBack links={links} />;
}
