import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { Wordmark } from '@/components/wordmark';
import { paths } from '@/config/paths';
import { useAuthorization } from '@/features/oauth/api/get-authorization';
import { useDecideAuthorization } from '@/features/oauth/api/decide-authorization';
import { ConsentForm } from '@/features/oauth/components/consent-form';
import { useSession } from '@/features/session/api/get-session';
import { useWorkspaces } from '@/features/workspaces/api/get-workspaces';

/**
 * The OAuth consent page: an MCP client's /oauth/authorize lands here with ?request=. A signed-out visitor
 * signs in and comes back; Allow or Deny sends the browser to the client.
 */
export function ConsentRoute() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) {
    return (
      <ConsentFrame>
        <StatusScreen text="Loading authentication..." />
      </ConsentFrame>
    );
  }
  if (!session.isAuthenticated) {
    return <Navigate to={paths.auth.login.getHref(`${location.pathname}${location.search}`)} replace />;
  }
  return (
    <ConsentFrame>
      <SignedInConsent />
    </ConsentFrame>
  );
}

function ConsentFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-white text-zinc-900">
      <DocumentTitle title="Connect an app" />
      <main className="mx-auto flex max-w-lg flex-col gap-5 px-4 py-6 sm:px-6">
        <header className="flex items-center justify-between gap-3">
          <Wordmark />
        </header>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-950">Connect an app to stackyard</h1>
        {children}
      </main>
    </div>
  );
}

function SignedInConsent() {
  const [search] = useSearchParams();
  const id = search.get('request') ?? '';
  const authorization = useAuthorization(id);
  const workspaces = useWorkspaces();
  const decide = useDecideAuthorization(id);
  if (authorization.isPending || workspaces.isPending) return <StatusScreen text="Loading..." />;
  if (authorization.error) return <Alert>{authorization.error.message}</Alert>;
  if (workspaces.error) return <Alert>{workspaces.error.message}</Alert>;
  return (
    <ConsentForm
      authorization={authorization.data}
      workspaces={workspaces.data.map(({ id: workspaceId, name }) => ({ id: workspaceId, name }))}
      pending={decide.isPending || decide.isSuccess}
      error={decide.error?.message ?? null}
      onDecide={(decision) => decide.mutate(decision)}
    />
  );
}
