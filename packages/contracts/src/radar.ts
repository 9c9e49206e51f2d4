import { z } from 'zod';
import { toolStanceSchema, STANCE_CATEGORY_MAX } from './stack.ts';
import { uuidSchema } from './common.ts';

// The tech radar: the workspace's stances drawn as rings (preferred → Adopt, accepted → Trial or Assess as the
// workspace chooses, avoid → Hold) in four quadrants made from the stances' categories.

export const RADAR_RINGS = ['adopt', 'trial', 'assess', 'hold'] as const;
export const radarRingSchema = z.enum(RADAR_RINGS);
export type RadarRing = z.infer<typeof radarRingSchema>;

export const RADAR_RING_NAMES: Record<RadarRing, string> = {
  adopt: 'Adopt',
  trial: 'Trial',
  assess: 'Assess',
  hold: 'Hold',
};

export const acceptedRingSchema = z.enum(['trial', 'assess'], {
  error: 'Accepted tools go to trial or assess',
});
export type AcceptedRing = z.infer<typeof acceptedRingSchema>;

export const RADAR_QUADRANT_COUNT = 4;
export const RADAR_QUADRANT_NAME_MAX = 40;
export const RADAR_CATEGORY_MAPPING_MAX = 200;
export const DEFAULT_RADAR_QUADRANTS = [
  'Languages & Frameworks',
  'Tools',
  'Platforms',
  'Libraries & Techniques',
] as const;

export const quadrantIndexSchema = z
  .number({ error: 'Quadrant must be 0, 1, 2 or 3' })
  .int('Quadrant must be 0, 1, 2 or 3')
  .min(0, 'Quadrant must be 0, 1, 2 or 3')
  .max(RADAR_QUADRANT_COUNT - 1, 'Quadrant must be 0, 1, 2 or 3');

const quadrantNameSchema = z
  .string()
  .trim()
  .min(1, 'Quadrant name must not be empty')
  .max(RADAR_QUADRANT_NAME_MAX, `Quadrant name must be at most ${RADAR_QUADRANT_NAME_MAX} characters`)
  .regex(/^[^\r\n]*$/, 'Quadrant name must be one line');

export const radarCategoryQuadrantSchema = z.object({
  category: z
    .string()
    .trim()
    .min(1, 'Category must not be empty')
    .max(STANCE_CATEGORY_MAX, `Category must be at most ${STANCE_CATEGORY_MAX} characters`),
  quadrant: quadrantIndexSchema,
});
export type RadarCategoryQuadrant = z.infer<typeof radarCategoryQuadrantSchema>;

/**
 * A workspace's radar settings. categories lists every category of its stances and every one mapped before,
 * each with the quadrant it lands in; a category not listed (and a tool without one) lands in default_quadrant.
 */
export const radarSettingsSchema = z.object({
  accepted_ring: acceptedRingSchema,
  quadrants: z.array(z.string()).length(RADAR_QUADRANT_COUNT),
  default_quadrant: quadrantIndexSchema,
  categories: z.array(radarCategoryQuadrantSchema),
});
export type RadarSettings = z.infer<typeof radarSettingsSchema>;

/** PUT body: the whole settings; categories is the whole mapping (matched to stances in any case). */
export const updateRadarSettingsSchema = z.strictObject({
  accepted_ring: acceptedRingSchema,
  quadrants: z
    .array(quadrantNameSchema)
    .length(RADAR_QUADRANT_COUNT, `Give ${RADAR_QUADRANT_COUNT} quadrant names`),
  default_quadrant: quadrantIndexSchema,
  categories: z
    .array(z.strictObject(radarCategoryQuadrantSchema.shape))
    .max(RADAR_CATEGORY_MAPPING_MAX, `At most ${RADAR_CATEGORY_MAPPING_MAX} categories`),
});
export type UpdateRadarSettings = z.infer<typeof updateRadarSettingsSchema>;

export const radarEntrySchema = z.object({
  /** The dot's number: entries are numbered by quadrant, then ring, then name, from 1. */
  number: z.number().int(),
  workspace_tool_id: uuidSchema,
  slug: z.string(),
  name: z.string(),
  url: z.string(),
  category: z.string().nullable(),
  stance: toolStanceSchema,
  ring: radarRingSchema,
  quadrant: quadrantIndexSchema,
  note: z.string().nullable(),
  /** When the stance was last set; null for a tool nobody has set one on. */
  stance_updated_at: z.string().nullable(),
});
export type RadarEntry = z.infer<typeof radarEntrySchema>;

export const radarSchema = z.object({
  workspace: z.object({ id: uuidSchema, name: z.string(), slug: z.string() }),
  rings: z.array(z.object({ id: radarRingSchema, name: z.string() })),
  quadrants: z.array(z.object({ index: quadrantIndexSchema, name: z.string() })),
  entries: z.array(radarEntrySchema),
});
export type Radar = z.infer<typeof radarSchema>;

export const RADAR_EXPORT_FORMATS = ['backstage-json', 'zalando-json', 'byor-csv'] as const;
export const radarExportFormatSchema = z.enum(RADAR_EXPORT_FORMATS, {
  error: `Format must be one of ${RADAR_EXPORT_FORMATS.join(', ')}`,
});
export type RadarExportFormat = z.infer<typeof radarExportFormatSchema>;

/** What each export is for, as the download buttons name it. */
export const RADAR_EXPORT_LABELS: Record<RadarExportFormat, string> = {
  'backstage-json': 'Backstage JSON',
  'zalando-json': 'Zalando JSON',
  'byor-csv': 'Thoughtworks BYOR CSV',
};

/** The file an export downloads as: the server's attachment name and the web app's download name. */
export function radarExportFileName(workspaceSlug: string, format: RadarExportFormat): string {
  const base = `stackyard-${workspaceSlug}-radar`;
  return format === 'byor-csv' ? `${base}.csv` : `${base}-${format.replace(/-json$/, '')}.json`;
}
