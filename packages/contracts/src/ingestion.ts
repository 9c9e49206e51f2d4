import { z } from 'zod';
import { httpUrlSchema, timestampSchema, uuidSchema } from './common.ts';
import { SUBMISSION_STATUSES } from './submission-status.ts';

export { REVIEWABLE_STATUSES, SUBMISSION_STATUSES, type SubmissionStatus } from './submission-status.ts';
export const submissionStatusSchema = z.enum(SUBMISSION_STATUSES);

/** What a submission ingests: a tool (POST /ingestion/tools) or a resource, i.e. a link (POST /ingestion/resources). */
export const SUBMISSION_KINDS = ['tool', 'resource'] as const;
export const submissionKindSchema = z.enum(SUBMISSION_KINDS);
export type SubmissionKind = z.infer<typeof submissionKindSchema>;

const LIST_MAX = 50;

/** What the submitter suggests before ingestion, applied on completion. */
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

/**
 * Ingestion submission (request), for tools and resources alike. Any string up to 2048 characters: a
 * bad URL is quarantined. Hints naming a tag or project of another workspace (or none) are refused with a 400.
 */
export const submitToolSchema = z.object({
  workspace_id: uuidSchema,
  submitted_url: z.string().trim().min(1, 'Must not be empty').max(2048, 'Must be at most 2048 characters'),
  pre_ingestion_extracted_data: preIngestionExtractedDataSchema.nullable().optional(),
});
export type SubmitTool = z.infer<typeof submitToolSchema>;

/** POST /ingestion/resources takes the same request as tools. */
export const submitResourceSchema = submitToolSchema;
export type SubmitResource = z.infer<typeof submitResourceSchema>;

export const quarantineContextSchema = z.object({
  /**
   * blocked_address, blocked_domain, bot_challenge, http_error, invalid_url, not_html, timeout, too_large,
   * unreachable; for a failed one also internal_error and submitter_lost_access.
   */
  code: z.string(),
  /** The reason in words the submitter understands. */
  message: z.string(),
});
/** Why a submission was quarantined: a machine code and a sentence the submitter understands. */
export type QuarantineContext = z.infer<typeof quarantineContextSchema>;

/**
 * Ingestion submission (response), with its kind, resource_id (the resource a completed
 * resource submission created or linked), and who reviewed it when (retry, release, reject).
 */
export const submissionSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  kind: submissionKindSchema,
  submitted_url: z.string(),
  submitted_fingerprint: z.string(),
  submitted_by_user_id: uuidSchema,
  submitted_comment: z.string().nullable(),
  status: submissionStatusSchema,
  quarantine_context: quarantineContextSchema.nullable(),
  workspace_tool_id: uuidSchema.nullable(),
  /**
   * The tool a completed submission made or linked, with the slug of its page
   * (/{username}/{workspaceSlug}/tools/{slug}); null before completion or once the tool is deleted.
   */
  workspace_tool: z.object({ slug: z.string(), name: z.string().nullable() }).nullable(),
  resource_id: uuidSchema.nullable(),
  /** The workspace had the tool or resource before this submission, which linked to it: nothing was added. */
  already_saved: z.boolean(),
  reviewed_by_user_id: uuidSchema.nullable(),
  reviewed_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  pre_ingestion_extracted_data: preIngestionExtractedDataSchema.nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;

export const submissionListSchema = z.array(submissionSchema);

export const submissionWorkspaceParamsSchema = z.object({ workspace_id: uuidSchema });

/** The newest submissions a list answers (default and at most SUBMISSION_LIST_MAX). */
export const SUBMISSION_LIST_MAX = 500;
export const submissionListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, `Limit must be between 1 and ${SUBMISSION_LIST_MAX}`)
    .max(SUBMISSION_LIST_MAX, `Limit must be between 1 and ${SUBMISSION_LIST_MAX}`)
    .default(SUBMISSION_LIST_MAX),
});

export const submissionParamsSchema = z.object({ id: uuidSchema });

/**
 * POST /ingestion/submissions/{id}/release: the metadata typed by hand for a quarantined or failed submission.
 * A tool needs a name; for a resource the name is its title (optional: the URL stands in for it). homepage_url
 * defaults to the submitted URL.
 */
export const releaseSubmissionSchema = z.strictObject({
  name: z.string().trim().min(1, 'Must not be empty').max(200, 'Must be at most 200 characters').optional(),
  description: z.string().trim().max(2000, 'Must be at most 2000 characters').nullable().optional(),
  homepage_url: httpUrlSchema.nullable().optional(),
});
export type ReleaseSubmission = z.infer<typeof releaseSubmissionSchema>;
