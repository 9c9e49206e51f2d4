import { useState } from 'react';
import { AccountPage } from '@/components/account-page';
import { ConnectInstructions } from '@/features/access-tokens/components/connect-instructions';
import { CreateAccessTokenForm } from '@/features/access-tokens/components/create-access-token-form';
import { OAuthInstructions } from '@/features/access-tokens/components/oauth-instructions';
import { useWorkspaces } from '@/features/workspaces/api/get-workspaces';

/** "Connect an AI assistant": the MCP URL, a token made for it, and copy-ready client configuration. */
export function ConnectAssistantRoute() {
  const workspaces = useWorkspaces();
  const [token, setToken] = useState<string | null>(null);
  const url = `${window.location.origin}/mcp`;
  return (
    <AccountPage
      title="Connect an AI assistant"
      wide
      intro={
        <>
          stackyard is an MCP server: Claude, Cursor, VS Code and other MCP clients can ask it which tools
          your team prefers, search your workspaces and, with a read and write token, add tools. Clients that
          support OAuth need only the server URL; for the others, create a token, then copy the configuration
          for your client.
        </>
      }
    >
      <section>
        <h2 className="font-semibold text-zinc-950">Connect with OAuth</h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          Add the server URL in your client; it opens a stackyard page where you choose what it may do and in
          which workspaces. Connected apps are listed, and revocable, in Settings → Access tokens.
        </p>
        <OAuthInstructions url={url} />
      </section>
      <h2 className="text-xl font-semibold text-zinc-950">Connect with a token</h2>
      <section className="rounded-xl border border-zinc-200 p-5">
        <h2 className="mb-4 font-semibold text-zinc-950">1. Create a token for it</h2>
        <CreateAccessTokenForm
          defaultName="AI assistant"
          workspaces={(workspaces.data ?? []).map(({ id, name }) => ({ id, name }))}
          onCreated={(created) => setToken(created.token)}
        />
      </section>
      <div>
        <h2 className="mb-4 font-semibold text-zinc-950">2. Configure your client</h2>
        <ConnectInstructions url={url} token={token} />
      </div>
    </AccountPage>
  );
}
