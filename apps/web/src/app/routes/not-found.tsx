import { DocumentTitle } from '@/components/document-title';
import { WayBack, type WayBackLink } from '@/components/way-back';
import { paths } from '@/config/paths';
import { useSession } from '@/features/session/api/get-session';
import { useCurrentWorkspace } from '@/features/workspaces/lib/use-current-workspace';

export function NotFoundRoute() {
  const { isAuthenticated } = useSession();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <DocumentTitle title="404 Not Found" />
      <h1 className="text-4xl font-semibold tracking-tight text-zinc-950">404 Not Found</h1>
      <p className="mt-4 text-lg text-zinc-600">
        There is no page at this address. It may have moved or never existed.
      </p>
      {isAuthenticated ? (
        <SignedInWayBack />
      ) : (
        <WayBack links={[{ label: 'Go to the home page', href: paths.home.getHref() }]} />
      )}
    </section>
  );
}

/** A signed-in user goes back to their current workspace, or searches its tools. */
function SignedInWayBack() {
  const { workspace } = useCurrentWorkspace();
  const owner = workspace?.owner_username;
  const links: WayBackLink[] =
    workspace && owner
      ? [
          {
            label: `Go to ${workspace.name}`,
            href: paths.workspace.dashboard.getHref(owner, workspace.slug),
          },
          { label: 'Search tools', href: paths.workspace.tools.getHref(owner, workspace.slug) },
        ]
      : [{ label: 'Go to your dashboard', href: paths.dashboard.getHref() }];
  return <WayBack links={links} />;
}
