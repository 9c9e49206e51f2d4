import type { ReactNode } from 'react';
import type { AccessToken } from '@stackyard/contracts/access-token';
import { RelativeTime } from '@/components/relative-time';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAccessTokens } from '../api/get-access-tokens';
import { useRevokeAccessToken } from '../api/revoke-access-token';

function state(token: AccessToken): ReactNode {
  if (token.revoked_at) {
    return (
      <>
        Revoked <RelativeTime iso={token.revoked_at} />
      </>
    );
  }
  if (token.expires_at && Date.parse(token.expires_at) <= Date.now()) return 'Expired';
  if (!token.expires_at) return 'Never expires';
  return (
    <>
      Expires <RelativeTime iso={token.expires_at} />
    </>
  );
}

/** The user's tokens with prefix, scope and last use; revoking one stops it at once. */
export function AccessTokenList({ workspaceName }: { workspaceName: (id: string) => string }) {
  const tokens = useAccessTokens();
  const revoke = useRevokeAccessToken();
  if (tokens.isPending) return <p className="text-sm text-zinc-600">Loading…</p>;
  if (tokens.error) return <Alert>{tokens.error.message}</Alert>;
  if (tokens.data.length === 0)
    return <p className="text-sm text-zinc-600">You have no access tokens yet.</p>;
  return (
    <div className="flex flex-col gap-3">
      {revoke.error && <Alert>{revoke.error.message}</Alert>}
      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200" aria-label="Access tokens">
        {tokens.data.map((token) => (
          <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-medium text-zinc-950">{token.name}</p>
              <p className="text-sm text-zinc-600">
                <code className="font-mono">{token.prefix}…</code> ·{' '}
                {token.scope === 'read' ? 'Read only' : 'Read and write'} ·{' '}
                {token.workspace_id ? workspaceName(token.workspace_id) : 'All workspaces'} · {state(token)} ·
                Last used {token.last_used_at ? <RelativeTime iso={token.last_used_at} /> : 'never'}
              </p>
            </div>
            {!token.revoked_at && (
              <Button
                variant="outline"
                size="sm"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(token.id)}
                aria-label={`Revoke ${token.name}`}
              >
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
