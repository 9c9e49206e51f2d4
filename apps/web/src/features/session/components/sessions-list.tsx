import type { Session } from '@ory/client-fetch';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { timeAgo } from '@/lib/relative-time';
import { useMySessions, useRevokeSession } from '../api/my-sessions';
import { describeDevice } from '../lib/user-agent';

function SessionRow({ session, current }: { session: Session; current: boolean }) {
  const revoke = useRevokeSession();
  const device = session.devices?.[0];
  const name = describeDevice(device?.user_agent);
  const signedIn = session.authenticated_at ?? session.issued_at;
  const details = [
    device?.location,
    device?.ip_address ? `IP ${device.ip_address}` : null,
    signedIn ? `signed in ${timeAgo(signedIn.toISOString())}` : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-950">
          {name}
          {current && (
            <span className="rounded-full border border-emerald-200 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
              This device
            </span>
          )}
        </p>
        <p className="text-sm text-zinc-600">{details.join(' · ')}</p>
        {revoke.isError && (
          <p className="text-sm text-red-700">Could not revoke this session. Please try again.</p>
        )}
      </div>
      {!current && (
        <Button
          variant="outline"
          size="sm"
          disabled={revoke.isPending}
          aria-label={`Revoke ${name}${device?.ip_address ? ` (${device.ip_address})` : ''}`}
          onClick={() => revoke.mutate(session.id)}
        >
          {revoke.isPending ? 'Revoking…' : 'Revoke'}
        </Button>
      )}
    </li>
  );
}

/** This browser's session first, then the others the identity service lists, each revocable. */
export function SessionsList({ id, current }: { id: string; current: Session | undefined }) {
  const others = useMySessions(true);
  return (
    <div id={id} className="rounded-lg border border-zinc-200 px-4">
      <h4 className="pt-3 text-sm font-semibold text-zinc-950">Active sessions</h4>
      <ul aria-label="Active sessions" className="divide-y divide-zinc-200">
        {current && <SessionRow session={current} current />}
        {others.data?.map((session) => (
          <SessionRow key={session.id} session={session} current={false} />
        ))}
      </ul>
      {others.isPending && <p className="pb-3 text-sm text-zinc-600">Loading other sessions…</p>}
      {others.isError && <Alert className="mb-3">Could not load your sessions. Please try again.</Alert>}
      {others.data?.length === 0 && (
        <p className="pb-3 text-sm text-zinc-600">You are not signed in anywhere else.</p>
      )}
    </div>
  );
}
