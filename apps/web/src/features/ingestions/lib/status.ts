import { REVIEWABLE_STATUSES } from '@stackyard/contracts/ingestion';

/** The statuses a submission passes through (packages/contracts/src/ingestion.ts documents them). */
export type StatusInfo = { label: string; tone: 'waiting' | 'done' | 'attention' | 'failed' | 'closed' };

const statuses: Record<string, StatusInfo> = {
  pending: { label: 'Queued', tone: 'waiting' },
  fetching: { label: 'Fetching', tone: 'waiting' },
  completed: { label: 'Added', tone: 'done' },
  quarantined: { label: 'Needs review', tone: 'attention' },
  failed: { label: 'Failed', tone: 'failed' },
  rejected: { label: 'Rejected', tone: 'closed' },
};

export function statusInfo(status: string): StatusInfo {
  return statuses[status] ?? { label: status, tone: 'closed' };
}

/** Still moving on its own: the list keeps polling while one of these is shown. */
export const isInFlight = (status: string) => status === 'pending' || status === 'fetching';

/** A person may retry, release or reject it (the API answers 409 for any other status). */
export const isReviewable = (status: string) => (REVIEWABLE_STATUSES as readonly string[]).includes(status);

/** How often the list asks again while a submission is in flight. */
export const POLL_INTERVAL_MS = 2000;
