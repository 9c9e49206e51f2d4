import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common.ts';
import { itemContextSchema } from './catalog.ts';

/** Resource, spec §3, plus workspace_id and the timestamps. */
export const resourceSchema = z.object({
  workspace_resource_id: uuidSchema,
  workspace_id: uuidSchema,
  context: itemContextSchema,
  raw_submitted_url: z.string(),
  metadata: z.object({
    extracted_title: z.string().nullable(),
    extracted_description: z.string().nullable(),
    extracted_image: z.string().nullable(),
  }),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceListSchema = z.array(resourceSchema);

export const resourceListParamsSchema = z.object({ workspaceId: uuidSchema });
export const resourceTagParamsSchema = z.object({ id: uuidSchema, tagId: uuidSchema });
