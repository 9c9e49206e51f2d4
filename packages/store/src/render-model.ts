// What a workspace looks like to the renderer: plain data close to the API's shapes, so the sync job can
// fill it from the catalog tables without the renderer knowing about the database.
import { z } from 'zod';

const rating = z.number().int().min(1).max(5).nullable();
const optionalUrl = z.string().nullable().default(null);

export const renderCommentSchema = z.object({
  id: z.string(),
  content: z.string(),
  created_at: z.string(),
});

export const renderWorkspaceSchema = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable().default(null),
});

export const renderToolSchema = z.object({
  workspace_tool_id: z.string(),
  slug: z.string(),
  raw_submitted_url: z.string(),
  rating,
  homepage_url: optionalUrl,
  forge_url: optionalUrl,
  discord_url: optionalUrl,
  slack_url: optionalUrl,
  /** Tag names. */
  tags: z.array(z.string()).default([]),
  comments: z.array(renderCommentSchema).default([]),
});

export const renderProjectSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** Slugs of the workspace tools the project uses. */
  tools: z.array(z.string()).default([]),
  tags: z.array(z.string()).default([]),
  comments: z.array(renderCommentSchema).default([]),
  created_at: z.string(),
  updated_at: z.string(),
});

export const renderResourceSchema = z.object({
  workspace_resource_id: z.string(),
  raw_submitted_url: z.string(),
  rating,
  title: z.string().nullable().default(null),
  description: z.string().nullable().default(null),
  image: z.string().nullable().default(null),
  tags: z.array(z.string()).default([]),
  comments: z.array(renderCommentSchema).default([]),
});

export const renderTagSchema = z.object({
  id: z.string(),
  tag_name: z.string(),
  color: z.string(),
  description: z.string().nullable().default(null),
  criteria: z.array(z.string()).nullable().default(null),
});

export const renderInputSchema = z.object({
  workspace: renderWorkspaceSchema,
  tools: z.array(renderToolSchema).default([]),
  projects: z.array(renderProjectSchema).default([]),
  resources: z.array(renderResourceSchema).default([]),
  tags: z.array(renderTagSchema).default([]),
});

export type RenderComment = z.infer<typeof renderCommentSchema>;
export type RenderTool = z.infer<typeof renderToolSchema>;
export type RenderProject = z.infer<typeof renderProjectSchema>;
export type RenderResource = z.infer<typeof renderResourceSchema>;
export type RenderTag = z.infer<typeof renderTagSchema>;
/** The parsed, complete model (defaults applied). */
export type RenderInput = z.infer<typeof renderInputSchema>;
/** What a caller may pass: optional lists and nullable fields may be left out. */
export type RenderInputDraft = z.input<typeof renderInputSchema>;
