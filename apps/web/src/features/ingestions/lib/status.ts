import { REVIEWABLE_STATUSES } from '@stackyard/contracts/submission-status';

/** Still moving on its own: the list keeps polling while one of these is shown. */
export const isInFlight = (status: string) => status === 'pending' || status === 'fetching';

/** A person may retry, release or reject it (the API answers 409 for any other status). */
export const isReviewable = (status: string) => (REVIEWABLE_STATUSES as readonly string[]).includes(status);

/** How often the list asks again while a submission is in flight. */
export const POLL_INTERVAL_MS = 2000;
