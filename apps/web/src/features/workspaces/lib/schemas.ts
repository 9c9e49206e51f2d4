import { z } from 'zod';
import { SLUG_MAX, SLUG_MIN } from '@stackyard/contracts/workspace';

// Spec §5: name required; slug optional on create (3 to 63), required when editing.
const name = z.string().trim().min(1, 'Name is required');
const slugLength = (value: string) => value.length >= SLUG_MIN;

export const createWorkspaceFormSchema = z.object({
  name,
  slug: z
    .string()
    .trim()
    .refine((value) => value === '' || slugLength(value), `Slug must be at least ${SLUG_MIN} characters`)
    .refine((value) => value.length <= SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`),
  description: z.string().trim(),
});
export type CreateWorkspaceForm = z.infer<typeof createWorkspaceFormSchema>;

export const editWorkspaceFormSchema = z.object({
  name,
  slug: z
    .string()
    .trim()
    .min(SLUG_MIN, `Slug must be at least ${SLUG_MIN} characters`)
    .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`),
  description: z.string().trim(),
});
export type EditWorkspaceForm = z.infer<typeof editWorkspaceFormSchema>;
