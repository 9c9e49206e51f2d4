import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';

// Tool facts: what the repository forge and the package registries publish about a tool, fetched by a
// durable job and kept per source with the time it was fetched. Facts are global per tool (shared by every
// workspace holding it, like the metadata).
//
// API (workspace-scoped through the workspace tool, like the other /tools/{toolId} routes):
//   GET  /api/v1/tools/workspace/{toolId}/facts          any member (catalog:read)          → ToolFacts
//   POST /api/v1/tools/workspace/{toolId}/facts/refresh  editors and admins (catalog:write) → 202 ToolFacts
//   ({toolId} is the workspace_tool_id, as in the other /tools/workspace/{toolId} routes.)

/** Where a fact comes from. */
export const factSourceSchema = z.enum(['github', 'npm', 'pypi', 'crates', 'deps.dev']);
export type FactSource = z.infer<typeof factSourceSchema>;

/** The outcome of the last fetch from one source. */
export const factStatusSchema = z.enum(['ok', 'not_found', 'rate_limited', 'failed']);
export type FactStatus = z.infer<typeof factStatusSchema>;

export const packageEcosystemSchema = z.enum(['npm', 'pypi', 'cargo', 'go', 'maven', 'nuget', 'rubygems']);
export type PackageEcosystem = z.infer<typeof packageEcosystemSchema>;

/** One source's last fetch: when, how it went and, when it failed, why (in words). */
export const factSourceStateSchema = z.object({
  source: factSourceSchema,
  /** The package this state is about (registry and deps.dev sources); null for the repository. */
  package: z.string().nullable(),
  fetched_at: timestampSchema,
  status: factStatusSchema,
  error: z.string().nullable(),
});
export type FactSourceState = z.infer<typeof factSourceStateSchema>;

export const releaseSchema = z.object({ tag: z.string(), date: timestampSchema.nullable() });
export type Release = z.infer<typeof releaseSchema>;

/** The repository on the forge (GitHub). */
export const repositoryFactsSchema = z.object({
  source: z.literal('github'),
  fetched_at: timestampSchema,
  /** owner/name */
  full_name: z.string(),
  url: z.string(),
  stars: z.number().int(),
  forks: z.number().int(),
  open_issues: z.number().int(),
  /** SPDX identifier, null when GitHub does not recognise the licence. */
  license: z.string().nullable(),
  language: z.string().nullable(),
  topics: z.array(z.string()),
  archived: z.boolean(),
  last_push_at: timestampSchema.nullable(),
  latest_release: releaseSchema.nullable(),
  /** Null when not cheaply known. */
  contributors: z.number().int().nullable(),
  /** OpenSSF Scorecard overall score (0 to 10) of the repository, through deps.dev; null where unknown. */
  scorecard: z.number().nullable(),
});
export type RepositoryFacts = z.infer<typeof repositoryFactsSchema>;

/** One package of the tool in one registry; each field is null where the registry does not publish it. */
export const packageFactsSchema = z.object({
  ecosystem: packageEcosystemSchema,
  name: z.string(),
  /** The source of the registry fields (npm, pypi, crates, or deps.dev for the others). */
  source: factSourceSchema,
  fetched_at: timestampSchema,
  url: z.string().nullable(),
  latest_version: z.string().nullable(),
  released_at: timestampSchema.nullable(),
  license: z.string().nullable(),
  weekly_downloads: z.number().int().nullable(),
  monthly_downloads: z.number().int().nullable(),
  /** Direct runtime dependencies of the latest version. */
  dependencies: z.number().int().nullable(),
  /** npm only: the package ships its own type declarations. */
  types_bundled: z.boolean().nullable(),
  /** OpenSSF Scorecard overall score (0 to 10) through deps.dev. */
  scorecard: z.number().nullable(),
  /** The keywords the package lists (npm, PyPI, crates.io); absent where it lists none. */
  keywords: z.array(z.string()).optional(),
  /** npm only: the registry's deprecation message of the latest version; absent when it is not deprecated. */
  deprecated: z.string().optional(),
});
export type PackageFacts = z.infer<typeof packageFactsSchema>;

export const toolFactsSchema = z.object({
  /** The workspace tool the facts were asked through. */
  workspace_tool_id: uuidSchema,
  repository: repositoryFactsSchema.nullable(),
  packages: z.array(packageFactsSchema),
  /** Every source's last fetch, failures included. */
  sources: z.array(factSourceStateSchema),
  /** When the facts were last refreshed (null: never). */
  refreshed_at: timestampSchema.nullable(),
  /** A refresh job is waiting or running. */
  refresh_queued: z.boolean(),
});
export type ToolFacts = z.infer<typeof toolFactsSchema>;

export const toolFactsParamsSchema = z.object({ toolId: uuidSchema });
