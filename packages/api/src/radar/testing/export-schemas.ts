import { z } from 'zod';

// The documented shapes of the radar tools' data, to check the exports against.

/**
 * TechRadarLoaderResponse of @backstage-community/plugin-tech-radar-common (model.ts), as a schema: quadrants,
 * rings with a colour, entries whose timeline snapshots name a ring and a date.
 */
export const backstageSchema = z.strictObject({
  quadrants: z.array(z.strictObject({ id: z.string(), name: z.string() })).max(4),
  rings: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      color: z.string(),
      description: z.string().optional(),
    }),
  ),
  entries: z.array(
    z.strictObject({
      key: z.string(),
      id: z.string(),
      quadrant: z.string(),
      title: z.string(),
      url: z.string().optional(),
      description: z.string().optional(),
      links: z.array(z.strictObject({ url: z.string(), title: z.string() })).optional(),
      timeline: z
        .array(
          z.strictObject({
            date: z.iso.datetime(),
            ringId: z.string(),
            description: z.string().optional(),
            moved: z.union([z.literal(-1), z.literal(0), z.literal(1)]).optional(),
          }),
        )
        .min(1),
    }),
  ),
});

/** The configuration of zalando/tech-radar's radar_visualization(): entries by quadrant and ring index. */
export const zalandoSchema = z.object({
  title: z.string(),
  date: z.string(),
  quadrants: z.array(z.strictObject({ name: z.string() })).length(4),
  rings: z.array(z.strictObject({ name: z.string(), color: z.string() })).length(4),
  entries: z.array(
    z.strictObject({
      quadrant: z.number().int().min(0).max(3),
      ring: z.number().int().min(0).max(3),
      label: z.string(),
      active: z.boolean(),
      link: z.string(),
      moved: z.number().int().min(-1).max(2),
    }),
  ),
});
