import { RelativeTime } from '@/components/relative-time';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useGrants } from '../api/get-grants';
import { useRevokeGrant } from '../api/revoke-grant';

/** The apps connected with OAuth; revoking one stops its tokens at their next call. */
export function GrantList({ workspaceName }: { workspaceName: (id: string) => string }) {
  const grants = useGrants();
  const revoke = useRevokeGrant();
  if (grants.isPending) return <p className="text-sm text-zinc-600">Loading…</p>;
  if (grants.error) return <Alert>{grants.error.message}</Alert>;
  if (grants.data.length === 0)
    return <p className="text-sm text-zinc-600">No app is connected with OAuth.</p>;
  return (
    <div className="flex flex-col gap-3">
      {revoke.error && <Alert>{revoke.error.message}</Alert>}
      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200" aria-label="Connected apps">
        {grants.data.map((grant) => (
          <li key={grant.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-medium break-words text-zinc-950">
                {grant.client_name} <span className="font-normal text-zinc-600">({grant.redirect_host})</span>
              </p>
              <p className="text-sm text-zinc-600">
                {grant.scope === 'read' ? 'Read only' : 'Read and write'} ·{' '}
                {grant.workspace_ids.map(workspaceName).join(', ')} · Allowed{' '}
                <RelativeTime iso={grant.created_at} /> · Last used{' '}
                {grant.last_used_at ? <RelativeTime iso={grant.last_used_at} /> : 'never'}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(grant.id)}
              aria-label={`Revoke ${grant.client_name}`}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
