import { z } from 'zod';
import { ratingSchema } from './catalog.ts';
import { timestampSchema, uuidSchema } from './common.ts';
import { packageEcosystemSchema } from './facts.ts';

// The preferred stack: a workspace's stance on each of its tools, and the stack built from them.

export const STANCE_NOTE_MAX = 200;
export const STANCE_CATEGORY_MAX = 60;
export const STANCE_BULK_MAX = 500;

export const toolStanceSchema = z.enum(['preferred', 'accepted', 'avoid'], {
  error: 'Stance must be preferred, accepted or avoid',
});
export type ToolStance = z.infer<typeof toolStanceSchema>;

/** Blank text is no text: an empty note or category is stored as null. */
const optionalLine = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[^\r\n]*$/, `${label} must be one line`)
    .nullable()
    .default(null)
    .transform((value) => (value ? value : null));

/** PUT body: the tool's whole stance (a missing note or category clears it). */
export const setToolStanceSchema = z.strictObject({
  stance: toolStanceSchema,
  note: optionalLine(STANCE_NOTE_MAX, 'Note'),
  category: optionalLine(STANCE_CATEGORY_MAX, 'Category'),
});
export type SetToolStance = z.infer<typeof setToolStanceSchema>;

/** Bulk PUT body: one stance for many tools of the workspace; their notes and categories stay as they are. */
export const setToolStancesSchema = z.strictObject({
  workspace_tool_ids: z
    .array(uuidSchema)
    .min(1, 'Choose at least one tool')
    .max(STANCE_BULK_MAX, `At most ${STANCE_BULK_MAX} tools at once`),
  stance: toolStanceSchema,
});
export type SetToolStances = z.infer<typeof setToolStancesSchema>;

export const toolStanceRecordSchema = z.object({
  workspace_tool_id: uuidSchema,
  stance: toolStanceSchema,
  note: z.string().nullable(),
  category: z.string().nullable(),
  /** Who last set the stance, note or category (an editor or above); null while nobody has (accepted). */
  updated_by: uuidSchema.nullable(),
  /** Their current username, null when they have none. */
  updated_by_username: z.string().nullable(),
  updated_at: timestampSchema.nullable(),
});
export type ToolStanceRecord = z.infer<typeof toolStanceRecordSchema>;

export const toolStanceListSchema = z.array(toolStanceRecordSchema);

export const stackCommentSchema = z.object({
  content: z.string(),
  commenter_id: uuidSchema,
  updated_at: timestampSchema,
});

/** A registry package the tool is, with the latest version the tool facts know (null until they are fetched). */
export const stackPackageSchema = z.object({
  ecosystem: packageEcosystemSchema,
  name: z.string(),
  version: z.string().nullable(),
});
export type StackPackage = z.infer<typeof stackPackageSchema>;

export const stackToolSchema = z.object({
  workspace_tool_id: uuidSchema,
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Where to read about it: the homepage, else the forge, else the submitted URL. */
  url: z.string(),
  raw_submitted_url: z.string(),
  homepage_url: z.string().nullable(),
  forge_url: z.string().nullable(),
  stance: toolStanceSchema,
  note: z.string().nullable(),
  rating: ratingSchema,
  /** The team's top comment: the comment on the tool an editor most recently marked for assistants. */
  top_comment: stackCommentSchema.nullable(),
  /** Its packages, at most one per ecosystem, ordered by ecosystem. */
  packages: z.array(stackPackageSchema),
});
export type StackTool = z.infer<typeof stackToolSchema>;

export const stackCategorySchema = z.object({
  /** Null for the tools without a category (listed last). */
  name: z.string().nullable(),
  tools: z.array(stackToolSchema),
});
export type StackCategory = z.infer<typeof stackCategorySchema>;

/**
 * A workspace's (or one project's) stack: categories by name (case-insensitive, uncategorized last), in each
 * the preferred tools first, then accepted, then avoided; within a stance the best rated, then by slug.
 */
export const stackSchema = z.object({
  workspace: z.object({ id: uuidSchema, name: z.string(), slug: z.string() }),
  project: z.object({ id: uuidSchema, name: z.string(), slug: z.string() }).nullable(),
  categories: z.array(stackCategorySchema),
});
export type Stack = z.infer<typeof stackSchema>;

/** ?category=ORM: one category of the stack, so a caller after one answer does not read every tool. */
export const stackQuerySchema = z.object({
  category: z
    .string()
    .trim()
    .min(1, 'Category must not be empty')
    .max(STANCE_CATEGORY_MAX, `Category must be at most ${STANCE_CATEGORY_MAX} characters`)
    .optional()
    .describe(
      'Only the tools of this category, by name in any case ("orm" answers "ORM" and "Orm"); ' +
        'categories: [] when none matches. Uncategorized tools have no name to ask for.',
    ),
});
export type StackQuery = z.infer<typeof stackQuerySchema>;

export const STACK_EXPORT_FORMATS = [
  'agents-md',
  'claude-md',
  'cursor-rules',
  'copilot-instructions',
  'gemini-md',
  'windsurf-rules',
  'llms-txt',
  'package-json',
  'requirements-txt',
  'cargo-toml',
  'stack-json',
  'stack-schema',
  'techstack-yml',
  'github-workflow',
] as const;

/** Where each format's file goes in a repository (and in the export's zip). */
export const STACK_EXPORT_PATHS: Record<(typeof STACK_EXPORT_FORMATS)[number], string> = {
  'agents-md': 'AGENTS.md',
  'claude-md': 'CLAUDE.md',
  'cursor-rules': '.cursor/rules/stack.mdc',
  'copilot-instructions': '.github/copilot-instructions.md',
  'gemini-md': 'GEMINI.md',
  'windsurf-rules': '.windsurf/rules/stack.md',
  'llms-txt': 'llms.txt',
  'package-json': 'package.json',
  'requirements-txt': 'requirements.txt',
  'cargo-toml': 'Cargo.toml',
  'stack-json': 'stack.json',
  'stack-schema': 'stack.schema.json',
  'techstack-yml': 'techstack.yml',
  'github-workflow': '.github/workflows/stackyard-check.yml',
};

export const stackExportFormatSchema = z.enum(STACK_EXPORT_FORMATS, {
  error: `Format must be one of ${STACK_EXPORT_FORMATS.join(', ')}`,
});
export type StackExportFormat = z.infer<typeof stackExportFormatSchema>;

/** ?formats=agents-md,llms-txt (comma-separated); absent means every format. */
export const stackExportQuerySchema = z.object({
  formats: z
    .string()
    .optional()
    .transform((value) => (value ? [...new Set(value.split(',').map((part) => part.trim()))] : null))
    .pipe(z.array(stackExportFormatSchema).min(1, 'Choose at least one format').nullable()),
  project_id: uuidSchema.optional(),
});
export type StackExportQuery = z.infer<typeof stackExportQuerySchema>;

/** stack.json: the stack for machines. Its JSON Schema (stack.schema.json) is generated from this. */
export const stackFileSchema = z
  .object({
    $schema: z.string().optional(),
    version: z.literal(2),
    workspace: z.object({ name: z.string(), slug: z.string() }),
    project: z.object({ name: z.string(), slug: z.string() }).nullable(),
    categories: z.array(
      z.object({
        name: z.string().nullable(),
        tools: z.array(
          z.object({
            slug: z.string(),
            name: z.string(),
            description: z.string().nullable(),
            url: z.string(),
            stance: toolStanceSchema,
            note: z.string().nullable(),
            rating: ratingSchema,
            top_comment: z.string().nullable(),
            packages: z.array(stackPackageSchema),
          }),
        ),
      }),
    ),
  })
  .meta({ title: 'stackyard stack', description: "A team's preferred stack, exported by stackyard." });
export type StackFile = z.infer<typeof stackFileSchema>;
