import { z } from 'zod';
import { submissionSchema, type Submission } from '@stackyard/contracts/ingestion';
import type { ApiClient } from './api-client.ts';

// Submitting through ingestion and waiting briefly for the outcome: shared by the MCP tools and the CLI.

const SETTLED = new Set(['completed', 'quarantined', 'failed', 'rejected']);
const POLL_MS = 250;

export const submissionOutputSchema = z.object({
  submission_id: z.string(),
  status: z.string(),
  url: z.string(),
  finished: z.boolean(),
  message: z.string(),
  tool: z.object({ id: z.string(), slug: z.string(), name: z.string().nullable() }).nullable(),
  resource_id: z.string().nullable(),
  /** The workspace already had it: the submission linked to it and nothing was added. */
  already_saved: z.boolean(),
});
export type SubmissionOutcome = z.infer<typeof submissionOutputSchema>;

export async function waitForSubmission(
  api: ApiClient,
  submission: Submission,
  waitMs: number,
): Promise<Submission> {
  const deadline = Date.now() + waitMs;
  let current = submission;
  while (!SETTLED.has(current.status) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    current = await api.get(submissionSchema, `/ingestion/submissions/${current.id}`);
  }
  return current;
}

export function describeSubmission(submission: Submission): SubmissionOutcome {
  const finished = SETTLED.has(submission.status);
  const message =
    submission.status === 'completed'
      ? submission.already_saved
        ? 'Already in this workspace; nothing was added.'
        : 'Added.'
      : submission.status === 'quarantined'
        ? `Held for review: ${(submission.quarantine_context?.message ?? 'it needs a person to look at it').replace(/\.$/, '')}. An editor can release or reject it in the app.`
        : submission.status === 'failed'
          ? 'Fetching failed; an editor can retry it in the app.'
          : submission.status === 'rejected'
            ? 'Rejected.'
            : 'Still being fetched; ask again with the submission id later or look in the app.';
  return {
    submission_id: submission.id,
    status: submission.status,
    url: submission.submitted_url,
    finished,
    message,
    tool:
      submission.workspace_tool_id && submission.workspace_tool
        ? {
            id: submission.workspace_tool_id,
            slug: submission.workspace_tool.slug,
            name: submission.workspace_tool.name,
          }
        : null,
    resource_id: submission.resource_id,
    already_saved: submission.already_saved,
  };
}
