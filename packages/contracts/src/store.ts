import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';
import { STACK_EXPORT_FORMATS, stackExportFormatSchema } from './stack.ts';

// The workspace repository store: a workspace linked to a GitHub repository through a
// GitHub App installation, and kept in sync with its catalog.

export const storeParamsSchema = z.object({ id: uuidSchema });

/** GitHub installation ids are positive integers (they arrive as text in the callback's query string). */
export const installationIdSchema = z
  .number({ error: 'Must be a GitHub installation id (a positive whole number)' })
  .int('Must be a GitHub installation id (a positive whole number)')
  .min(1, 'Must be a GitHub installation id (a positive whole number)')
  .max(Number.MAX_SAFE_INTEGER, 'Must be a GitHub installation id (a positive whole number)');

/** GitHub's rules for account and repository names, so a bad one is refused before GitHub is asked. */
export const repositoryOwnerSchema = z
  .string()
  .trim()
  .min(1, 'Repository owner is required')
  .max(39, 'Repository owner must be at most 39 characters')
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/, 'Repository owner must be a GitHub account name');
export const repositoryNameSchema = z
  .string()
  .trim()
  .min(1, 'Repository name is required')
  .max(100, 'Repository name must be at most 100 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Repository name may hold letters, digits, ".", "-" and "_" only')
  .refine((name) => name !== '.' && name !== '..', 'Repository name must be a GitHub repository name');

/** POST github/check and github/connect. */
export const repositoryRequestSchema = z.strictObject({
  repository_owner: repositoryOwnerSchema,
  repository_name: repositoryNameSchema,
  installation_id: installationIdSchema,
});
export type RepositoryRequest = z.infer<typeof repositoryRequestSchema>;

export const repositoryCheckSchema = z.object({
  accessible: z.boolean(),
  repository_url: z.string().nullable(),
  message: z.string(),
});
export type RepositoryCheckResult = z.infer<typeof repositoryCheckSchema>;

export const connectResultSchema = z.object({
  success: z.boolean(),
  repository_url: z.string().nullable(),
  message: z.string(),
});
export type ConnectResult = z.infer<typeof connectResultSchema>;

export const disconnectResultSchema = z.object({ message: z.string() });
export type DisconnectResult = z.infer<typeof disconnectResultSchema>;

/**
 * POST github/installation: what the callback page sends after GitHub returned from the app installation.
 * `code` is the one-time OAuth code GitHub appends to the callback when the app requests user authorization
 * during installation; the server exchanges it to check that the user may access the installation. Required
 * whenever storage is configured (without it the answer is 422, saying to install again through GitHub).
 */
export const installationRequestSchema = z.strictObject({
  installation_id: installationIdSchema,
  code: z
    .string()
    .trim()
    .max(512, 'Must be the code GitHub returned with the installation')
    .regex(/^[\x21-\x7e]*$/, 'Must be the code GitHub returned with the installation')
    .optional(),
});
export type InstallationRequest = z.infer<typeof installationRequestSchema>;

export const installationResultSchema = z.object({
  success: z.boolean(),
  installation_id: z.number().int(),
  message: z.string(),
});
export type InstallationResult = z.infer<typeof installationResultSchema>;

/** Repository link status: null when the workspace has neither an installation nor a repository. */
export const storeStatusSchema = z
  .object({
    installation_id: z.number().int().nullable(),
    repository_owner: z.string().nullable(),
    repository_name: z.string().nullable(),
    repository_url: z.string().nullable(),
    connected_at: timestampSchema.nullable(),
  })
  .nullable();
export type StoreStatus = z.infer<typeof storeStatusSchema>;

/** The last sync failure, in words a user understands plus a machine code. */
export const storeSyncErrorSchema = z.object({ code: z.string(), message: z.string(), at: timestampSchema });
export type StoreSyncError = z.infer<typeof storeSyncErrorSchema>;

/** An AI export file the sync left alone: the repository's copy changed since stackyard last wrote it. */
export const storeExportConflictSchema = z.object({
  path: z.string(),
  format: stackExportFormatSchema,
  /** What happened and what to do, in words. */
  message: z.string(),
});
export type StoreExportConflict = z.infer<typeof storeExportConflictSchema>;

/**
 * Health of the link. `state`: not_configured (the server has no GitHub App), not_linked (no repository
 * yet), healthy (GitHub answers and the last sync worked), failing (GitHub refuses, or the last sync failed).
 * `installation.valid` and `repository.accessible` are null when there was nothing to ask GitHub about.
 */
export const storeHealthSchema = z.object({
  configured: z.boolean(),
  state: z.enum(['not_configured', 'not_linked', 'healthy', 'failing']),
  installation: z.object({ valid: z.boolean().nullable(), message: z.string() }),
  repository: z.object({
    accessible: z.boolean().nullable(),
    repository_url: z.string().nullable(),
    message: z.string(),
  }),
  last_synced_at: timestampSchema.nullable(),
  last_commit_sha: z.string().nullable(),
  last_error: storeSyncErrorSchema.nullable(),
  /** A change is waiting for the next sync. */
  sync_pending: z.boolean(),
  /** AI export files the last sync did not write because the user edited them (empty when none). */
  export_conflicts: z.array(storeExportConflictSchema),
  checked_at: timestampSchema,
});
export type StoreHealth = z.infer<typeof storeHealthSchema>;

/** What the storage page needs to offer the set-up: whether the server has a GitHub App, and its install URL. */
export const storeSetupSchema = z.object({
  configured: z.boolean(),
  /** https://github.com/apps/<slug>/installations/new?state={"workspaceId":…}; null when not configured. */
  install_url: z.string().nullable(),
  /** Whether the caller may configure storage (the owner and admins). */
  can_configure: z.boolean(),
  /** The variables an operator sets to configure the GitHub App. */
  required_variables: z.array(z.string()),
});
export type StoreSetup = z.infer<typeof storeSetupSchema>;

export const installationRepositorySchema = z.object({
  owner: z.string(),
  name: z.string(),
  full_name: z.string(),
  private: z.boolean(),
  archived: z.boolean(),
  html_url: z.string(),
});
export type InstallationRepositoryItem = z.infer<typeof installationRepositorySchema>;
export const installationRepositoryListSchema = z.array(installationRepositorySchema);

export const populateResultSchema = z.object({
  success: z.boolean(),
  /** False when the repository already held exactly this content. */
  committed: z.boolean(),
  commit_sha: z.string().nullable(),
  repository_url: z.string().nullable(),
  message: z.string(),
});
export type PopulateResult = z.infer<typeof populateResultSchema>;

/**
 * GET/PUT store/export: whether each sync also writes the AI export's files into the repository,
 * and which formats. Off by default; turning it off stops writing (the files already there stay).
 */
export const storeExportSettingsSchema = z
  .strictObject({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    formats: z
      .array(stackExportFormatSchema, { error: 'formats must be a list of export formats' })
      .max(STACK_EXPORT_FORMATS.length, `formats may list at most ${STACK_EXPORT_FORMATS.length} formats`),
  })
  .refine((settings) => !settings.enabled || settings.formats.length > 0, {
    message: 'Choose at least one format to write',
    path: ['formats'],
  });
export type StoreExportSettings = z.infer<typeof storeExportSettingsSchema>;
