import { cn } from '@/lib/cn';

// A submission's status as words and a colour, the same on the ingestions page and the dashboard.

/** The statuses a submission passes through (packages/contracts/src/ingestion.ts documents them). */
type StatusInfo = { label: string; tone: 'waiting' | 'done' | 'attention' | 'failed' | 'closed' };

const statuses: Record<string, StatusInfo> = {
  pending: { label: 'Queued', tone: 'waiting' },
  fetching: { label: 'Fetching', tone: 'waiting' },
  completed: { label: 'Added', tone: 'done' },
  quarantined: { label: 'Needs review', tone: 'attention' },
  failed: { label: 'Failed', tone: 'failed' },
  rejected: { label: 'Rejected', tone: 'closed' },
};

function statusInfo(status: string): StatusInfo {
  return statuses[status] ?? { label: status, tone: 'closed' };
}

const tones = {
  waiting: 'border-sky-200 bg-sky-50 text-sky-800',
  done: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  attention: 'border-amber-300 bg-amber-50 text-amber-900',
  failed: 'border-red-200 bg-red-50 text-red-800',
  closed: 'border-zinc-200 bg-zinc-100 text-zinc-700',
} as const;

export function SubmissionStatusBadge({ status }: { status: string }) {
  const info = statusInfo(status);
  return (
    <span
      data-slot="status-badge"
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        tones[info.tone],
      )}
    >
      {info.tone === 'waiting' && (
        <span
          aria-hidden="true"
          className="size-1.5 animate-pulse rounded-full bg-current motion-reduce:animate-none"
        />
      )}
      {info.label}
    </span>
  );
}
