import { Link } from 'react-router';
import { AccountPage } from '@/components/account-page';
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
    <AccountPage
      title="Access tokens"
      wide
      intro={
        <>
          Tokens let scripts, the stackyard command line and AI assistants act as you. A token has your role
          in each workspace, limited to its scope and workspace. See{' '}
          <Link className="underline underline-offset-4" to={paths.settings.connectAssistant.getHref()}>
            Connect an AI assistant
          </Link>
          .
        </>
      }
    >
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
    </AccountPage>
  );
}
