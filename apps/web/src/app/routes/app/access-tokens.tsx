import { Link } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { paths } from '@/config/paths';
import { AccessTokenList } from '@/features/access-tokens/components/access-token-list';
import { CreateAccessTokenForm } from '@/features/access-tokens/components/create-access-token-form';
import { GrantList } from '@/features/oauth/components/grant-list';
import { useWorkspaces } from '@/features/workspaces/api/get-workspaces';

/** Settings → Access tokens: create, list and revoke personal access tokens. */
export function AccessTokensRoute() {
  const workspaces = useWorkspaces();
  const names = new Map((workspaces.data ?? []).map((workspace) => [workspace.id, workspace.name]));
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-12">
      <DocumentTitle title="Access tokens" />
      <div>
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Access tokens</h1>
        <p className="mt-2 text-sm text-zinc-600">
          Tokens let scripts, the stackyard command line and AI assistants act as you. A token has your role
          in each workspace, limited to its scope and workspace. See{' '}
          <Link className="underline underline-offset-4" to={paths.settings.connectAssistant.getHref()}>
            Connect an AI assistant
          </Link>
          .
        </p>
      </div>
      <section className="rounded-xl border border-zinc-200 p-5">
        <h2 className="mb-4 font-semibold text-zinc-950">New token</h2>
        <CreateAccessTokenForm workspaces={(workspaces.data ?? []).map(({ id, name }) => ({ id, name }))} />
      </section>
      <section>
        <h2 className="mb-4 font-semibold text-zinc-950">Your tokens</h2>
        <AccessTokenList workspaceName={(id) => names.get(id) ?? 'A workspace'} />
      </section>
      <section>
        <h2 className="mb-1 font-semibold text-zinc-950">Connected apps</h2>
        <p className="mb-4 text-sm text-zinc-600">
          Apps you allowed with OAuth (Connect with OAuth). Revoking one stops it at its next request.
        </p>
        <GrantList workspaceName={(id) => names.get(id) ?? 'A workspace'} />
      </section>
    </section>
  );
}
