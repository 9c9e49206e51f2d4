// After a save, the popup follows the submission until ingestion settles it, so it can say how it ended.
import type { Submission } from '@stackyard/contracts/ingestion';

export interface Settled {
  added: boolean;
  message: string;
}

const POLL_MS = 1000;
// Past this the popup stops asking; the submission goes on in the workspace's Ingestions.
const POLL_LIMIT = 90;

const STILL_RUNNING =
  'stackyard is still reading the page; follow it in the workspace’s Ingestions. You can close this window.';

export function settledOf(submission: Submission): Settled | null {
  const noun = submission.kind;
  switch (submission.status) {
    case 'completed':
      return {
        added: true,
        message: submission.already_saved
          ? `The workspace already had this ${noun}; nothing new was added.`
          : `Added: the ${noun} is in the workspace now.`,
      };
    case 'quarantined':
    case 'failed':
      return {
        added: false,
        message: `It could not be added: ${submission.quarantine_context?.message ?? 'the page could not be read.'} An editor can review it in the workspace’s Ingestions.`,
      };
    case 'rejected':
      return { added: false, message: 'A reviewer rejected it.' };
    default:
      return null;
  }
}

export async function waitForSubmission(read: () => Promise<Submission>): Promise<Settled> {
  for (let attempt = 0; attempt < POLL_LIMIT; attempt++) {
    const settled = settledOf(await read());
    if (settled) return settled;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { added: false, message: STILL_RUNNING };
}
