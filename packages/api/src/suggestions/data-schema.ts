import { z } from 'zod';
import { suggestionDifficultySchema, suggestionScopeSchema } from '@stackyard/contracts/suggestion';

// The shape of the built-in engine's knowledge: data/taxonomy.json (the categories a tool can fit) and
// data/archetypes.json (the kinds of project it proposes). Adding either is an edit of those files only.

const key = z.string().regex(/^[a-z][a-z0-9]*$/, 'a key is lower-case letters and digits');
const phrase = z
  .string()
  .min(1)
  .refine((text) => text === text.toLowerCase().trim(), 'names and words are lower-case');

export const categorySchema = z.strictObject({
  key,
  label: z.string().min(1).max(60),
  /** Well-known tool names (matched against a tool's name and slug as whole words). */
  names: z.array(phrase),
  /** Words and phrases (matched as whole words in categories, tags, topics and descriptions). */
  words: z.array(phrase),
});
export type Category = z.infer<typeof categorySchema>;

export const taxonomySchema = z.strictObject({
  /** The categories a workspace with too few tools is told to collect first, in order. */
  collectFirst: z.array(key),
  categories: z.array(categorySchema).min(1),
});

export const archetypeSchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9-]+$/),
  /** `{category}` is replaced by the chosen tool's name, or "a <category> of your choice" for the stretch. */
  title: z.string().min(1).max(120),
  /** The roles the project is built on; at most one may be missing (it becomes the stretch). */
  needs: z.array(key).min(2),
  /** Roles whose best tool joins the project when the collection has one. */
  extras: z.array(key),
  difficulty: suggestionDifficultySchema,
  scope: suggestionScopeSchema,
  /** Two sentences. */
  pitch: z.string().min(1),
  milestones: z.array(z.string().min(1)).min(3).max(6),
  /** Words a focus text may use for this kind of project. */
  focus: z.array(phrase),
});
export type Archetype = z.infer<typeof archetypeSchema>;

export const archetypesSchema = z.strictObject({ archetypes: z.array(archetypeSchema).min(1) });

/** Both files, checked against each other: unique keys, and every role and `{placeholder}` a known category. */
export function parseSuggestionData(taxonomyJson: unknown, archetypesJson: unknown) {
  const taxonomy = taxonomySchema.parse(taxonomyJson);
  const { archetypes } = archetypesSchema.parse(archetypesJson);
  const known = new Set(taxonomy.categories.map((category) => category.key));
  const problems: string[] = [];
  if (known.size !== taxonomy.categories.length) problems.push('two categories share a key');
  if (new Set(archetypes.map((archetype) => archetype.key)).size !== archetypes.length)
    problems.push('two archetypes share a key');
  for (const missing of taxonomy.collectFirst.filter((entry) => !known.has(entry)))
    problems.push(`collectFirst names the unknown category "${missing}"`);
  for (const archetype of archetypes) {
    const roles = new Set([...archetype.needs, ...archetype.extras]);
    for (const role of roles)
      if (!known.has(role)) problems.push(`${archetype.key} uses the unknown category "${role}"`);
    const texts = [archetype.title, archetype.pitch, ...archetype.milestones];
    for (const [, placeholder] of texts.join(' ').matchAll(/\{(\w+)\}/g))
      if (!roles.has(placeholder ?? ''))
        problems.push(`${archetype.key} names {${placeholder}}, which is not one of its roles`);
  }
  if (problems.length > 0) throw new Error(`Invalid suggestion data: ${problems.join('; ')}`);
  return { taxonomy, archetypes };
}
