import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';
import { toolStanceSchema } from './stack.ts';

// Drift: the stack a repository's code uses against the team's stances. A scan (the dependencies its
// manifests declare) is uploaded as manifest files or as the command line's scan result; the latest one per
// workspace, and per project, is kept and compared with the stances on every read.

export const SCAN_FILES_MAX = 100;
export const SCAN_FILE_BYTES_MAX = 512 * 1024;
export const SCAN_DEPENDENCIES_MAX = 20_000;
export const SCAN_FINDINGS_MAX = 1_000;
/** The upload route's body limit: room for the files above in JSON, well under what a worker can hold. */
export const SCAN_BODY_MAX = 4 * 1024 * 1024;

/** The scanner's ecosystems (packages/scanner ECOSYSTEMS), spelled out here so clients need not import it. */
export const SCAN_ECOSYSTEMS = [
  'npm',
  'pypi',
  'cargo',
  'go',
  'maven',
  'nuget',
  'rubygems',
  'packagist',
  'docker',
  'github-actions',
  'runtime',
] as const;

const pathSchema = z
  .string()
  .min(1, 'Path must not be empty')
  .max(1024, 'Path must be at most 1024 characters')
  .regex(/^[^\0\r\n]*$/, 'Path must be one line');

export const scanDependencySchema = z.object({
  ecosystem: z.enum(SCAN_ECOSYSTEMS, { error: `Ecosystem must be one of ${SCAN_ECOSYSTEMS.join(', ')}` }),
  name: z.string().min(1, 'Name must not be empty').max(512, 'Name must be at most 512 characters'),
  version: z.string().max(512, 'Version must be at most 512 characters').nullable(),
  resolved: z.string().max(512, 'Version must be at most 512 characters').nullable(),
  dev: z.boolean(),
  kind: z.enum(['package', 'platform']),
  file: pathSchema,
  line: z.number().int().min(1),
});
export type ScanDependency = z.infer<typeof scanDependencySchema>;

export const scanFindingSchema = z.object({
  file: pathSchema,
  line: z.number().int().min(1).nullable(),
  message: z.string().max(2000, 'Message must be at most 2000 characters'),
});

/** A scan as the scanner reports it (ScanResult): what `stackyard scan --upload` sends and what is stored. */
export const scanResultSchema = z.object({
  dependencies: z
    .array(scanDependencySchema)
    .max(SCAN_DEPENDENCIES_MAX, `At most ${SCAN_DEPENDENCIES_MAX} dependencies`),
  findings: z.array(scanFindingSchema).max(SCAN_FINDINGS_MAX, `At most ${SCAN_FINDINGS_MAX} findings`),
  files: z.number().int().min(0),
});
export type ScanResultBody = z.infer<typeof scanResultSchema>;

export const scanFileSchema = z.strictObject({
  /** Repository-relative: `package.json`, `services/api/requirements.txt`. */
  path: pathSchema,
  content: z.string().max(SCAN_FILE_BYTES_MAX, `A file must be at most ${SCAN_FILE_BYTES_MAX / 1024} KiB`),
});

/** POST body: manifest files to scan on the server, or a scan made elsewhere; for a project when named. */
export const uploadScanSchema = z
  .strictObject({
    project_id: uuidSchema.nullable().default(null),
    files: z
      .array(scanFileSchema)
      .min(1, 'Choose at least one manifest file')
      .max(SCAN_FILES_MAX, `At most ${SCAN_FILES_MAX} files at once`)
      .optional(),
    scan: scanResultSchema.optional(),
  })
  .refine((body) => (body.files === undefined) !== (body.scan === undefined), {
    message: 'Send either files or scan',
  });
export type UploadScan = z.infer<typeof uploadScanSchema>;

export const SCAN_SOURCES = ['upload', 'cli', 'repository', 'archive'] as const;

export const scanSummarySchema = z.object({
  id: uuidSchema,
  project_id: uuidSchema.nullable(),
  /**
   * upload: files sent to the server and scanned there; cli: a scan made by `stackyard scan --upload`;
   * repository: the workspace's connected GitHub repository, read by the server; archive: a .zip or .tar.gz.
   */
  source: z.enum(SCAN_SOURCES),
  /** The commit scanned, for a repository scan; null otherwise. */
  commit: z.string().nullable(),
  scanned_at: timestampSchema,
  scanned_by: uuidSchema,
  /** How many manifest files were read. */
  files: z.number().int(),
  dependencies: z.number().int(),
  findings: z.array(scanFindingSchema),
});
export type ScanSummary = z.infer<typeof scanSummarySchema>;

export const driftToolSchema = z.object({
  workspace_tool_id: uuidSchema,
  slug: z.string(),
  name: z.string(),
});
export type DriftTool = z.infer<typeof driftToolSchema>;

export const matchedBySchema = z.enum(['package', 'repository', 'name']);

export const driftAvoidedSchema = z.object({
  dependency: scanDependencySchema,
  tool: driftToolSchema.extend({ note: z.string().nullable(), category: z.string().nullable() }),
  /** How the dependency was found to be the tool: its registry package, its repository or its name. */
  matched_by: matchedBySchema,
  /** The preferred tools of the avoided tool's category (none without a category). */
  preferred: z.array(driftToolSchema),
});

export const driftUnknownSchema = z.object({
  dependency: scanDependencySchema,
  /** Where the dependency lives (its registry or repository page), to submit as a tool; null for runtimes. */
  add_url: z.string().nullable(),
});

export const driftInsteadSchema = z.object({
  category: z.string(),
  /** The category's preferred tools the code does not use. */
  preferred: z.array(driftToolSchema),
  /** What the code uses for the category instead. */
  used: z.array(
    z.object({
      dependency: scanDependencySchema,
      tool: driftToolSchema.extend({ stance: toolStanceSchema }),
      matched_by: matchedBySchema,
    }),
  ),
});

export const driftSchema = z.object({
  workspace: z.object({ id: uuidSchema, name: z.string(), slug: z.string() }),
  project: z.object({ id: uuidSchema, name: z.string(), slug: z.string() }).nullable(),
  /** The GitHub repository the workspace is connected to (what a repository scan reads); null when none. */
  repository: z.object({ full_name: z.string(), url: z.string().nullable() }).nullable(),
  /** The latest scan compared; null before the first upload (the lists are then empty). */
  scan: scanSummarySchema.nullable(),
  /** Dependencies that are tools the team avoids. */
  avoided: z.array(driftAvoidedSchema),
  /** Dependencies that are no tool of the workspace. */
  unknown: z.array(driftUnknownSchema),
  /** Categories with a preferred tool the code uses something else for. */
  instead_of_preferred: z.array(driftInsteadSchema),
});
export type Drift = z.infer<typeof driftSchema>;

export const repositoryScanQuerySchema = z.object({
  project_id: uuidSchema
    .optional()
    .describe("Scan the repository linked to this project, as the project's scan"),
});

export const driftQuerySchema = z.object({
  project_id: uuidSchema.optional().describe("A project's latest scan instead of the workspace's"),
});
