import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

/**
 * A submission's status: pending (waiting for a worker) → fetching → completed (workspace_tool_id set) |
 * quarantined (quarantine_context says why; a person reviews it) | failed (the site kept failing in ways
 * that might have passed, through every retry).
 */
export const SUBMISSION_STATUSES = ['pending', 'fetching', 'completed', 'quarantined', 'failed'] as const;
export const submissionStatusSchema = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;

const LIST_MAX = 50;

/** Spec §3: what the submitter suggests before ingestion, applied on completion. */
export const preIngestionExtractedDataSchema = z.object({
  ingestion_hints: z
    .object({
      suggested_workspace_relationships: z
        .object({
          linked_tags: z.array(uuidSchema).max(LIST_MAX).default([]),
          linked_workspace_projects: z.array(uuidSchema).max(LIST_MAX).default([]),
        })
        .optional(),
      suggested_comment: z.string().trim().max(10_000).nullable().optional(),
    })
    .optional(),
});
export type PreIngestionExtractedData = z.infer<typeof preIngestionExtractedDataSchema>;

/** Ingestion submission (request), spec §3. Any string up to 2048 characters: a bad URL is quarantined. */
export const submitToolSchema = z.object({
  workspace_id: uuidSchema,
  submitted_url: z.string().trim().min(1, 'Must not be empty').max(2048, 'Must be at most 2048 characters'),
  pre_ingestion_extracted_data: preIngestionExtractedDataSchema.nullable().optional(),
});
export type SubmitTool = z.infer<typeof submitToolSchema>;

export const quarantineContextSchema = z.object({
  /** blocked_address, blocked_domain, bot_challenge, http_error, invalid_url, not_html, timeout, too_large, unreachable. */
  code: z.string(),
  /** The reason in words the submitter understands. */
  message: z.string(),
});

/** Ingestion submission (response), spec §3. */
export const submissionSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  submitted_url: z.string(),
  submitted_fingerprint: z.string(),
  submitted_by_user_id: uuidSchema,
  submitted_comment: z.string().nullable(),
  status: submissionStatusSchema,
  quarantine_context: quarantineContextSchema.nullable(),
  workspace_tool_id: uuidSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  pre_ingestion_extracted_data: preIngestionExtractedDataSchema.nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;

export const submissionListSchema = z.array(submissionSchema);

export const submissionWorkspaceParamsSchema = z.object({ workspace_id: uuidSchema });
