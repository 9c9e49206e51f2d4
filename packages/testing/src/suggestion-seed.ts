// Collections for the project-suggestion tests and benchmark: tools written straight into the
// database the way ingestion leaves them, and one stored suggestion for the authorization matrix.
import { suggestions } from '@stackyard/db/schema';
import type { Executor } from '@stackyard/api/db';
import { seedTool } from './catalog-seed.ts';

/** A web stack: name, description and rating of each tool. */
export const WEB_STACK: [name: string, description: string, rating: number | null][] = [
  ['React', 'The library for web and native user interfaces', 5],
  ['Fastify', 'Fast and low overhead web framework, for Node.js', 4],
  ['PostgreSQL', 'The world’s most advanced open source relational database', null],
  ['Drizzle ORM', 'Headless TypeScript ORM with a head', null],
  ['Tailwind CSS', 'A utility-first CSS framework', null],
  ['Vitest', 'Next generation testing framework powered by Vite', null],
  ['Playwright', 'Reliable end-to-end testing for modern web apps', null],
];

/** Seeds the tools into the workspace; answers their workspace tool ids by name. */
export async function seedCollection(
  db: Executor,
  workspaceId: string,
  stack: [string, string, number | null][] = WEB_STACK,
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [name, description, rating] of stack) {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const { workspaceToolId } = await seedTool(db, {
      workspaceId,
      url: `https://${slug}.example.com/${workspaceId}`,
      slug,
      name,
      description,
      rating,
    });
    ids[name] = workspaceToolId;
  }
  return ids;
}

/** One open built-in suggestion using the given tool; answers its id. */
export async function seedSuggestion(
  db: Executor,
  input: { workspaceId: string; toolId: string; toolSlug: string },
): Promise<string> {
  const [row] = await db
    .insert(suggestions)
    .values({
      workspaceId: input.workspaceId,
      fingerprint: `seed:${input.toolId}`,
      titleKey: 'a seeded idea',
      engine: 'builtin',
      content: {
        title: 'A seeded idea',
        pitch: 'Build something small. Then ship it.',
        why: 'It uses a tool of the workspace.',
        tools: [
          { tool_id: input.toolId, slug: input.toolSlug, name: input.toolSlug, role: 'CLI', stretch: false },
        ],
        difficulty: 'beginner',
        scope: 'weekend',
        milestones: ['Start', 'Build', 'Ship'],
        archetype: 'cli-tool',
      },
    })
    .returning({ id: suggestions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
