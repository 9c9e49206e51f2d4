// Tools and resources are created by the ingestion pipeline. For tests and benchmarks these put them
// straight into the database the way ingestion does: a global tool found by the fingerprint
// of its URL, and the workspace's own row pointing to it.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { resourceCopies, resources, tools, workspaceTools } from '@stackyard/db/schema';
import type { Executor } from '@stackyard/api/db';

export interface SeedTool {
  workspaceId: string;
  url: string;
  slug: string;
  /** Ingestion's normalized-URL hash; by default a hash of the URL as given. */
  fingerprint?: string;
  name?: string | null;
  description?: string | null;
  imageUrl?: string | null;
  homepageUrl?: string | null;
  forgeUrl?: string | null;
  discordUrl?: string | null;
  slackUrl?: string | null;
  rating?: number | null;
}

export function urlFingerprint(url: string): string {
  return createHash('sha256').update(url).digest('hex');
}

/** The global tool (made, or its metadata refreshed) and the workspace's tool; answers both ids. */
export async function seedTool(
  db: Executor,
  input: SeedTool,
): Promise<{ toolId: string; workspaceToolId: string }> {
  const metadata = {
    name: input.name ?? null,
    description: input.description ?? null,
    imageUrl: input.imageUrl ?? null,
    homepageUrl: input.homepageUrl ?? null,
    forgeUrl: input.forgeUrl ?? null,
    discordUrl: input.discordUrl ?? null,
    slackUrl: input.slackUrl ?? null,
  };
  const [tool] = await db
    .insert(tools)
    .values({
      fingerprint: input.fingerprint ?? urlFingerprint(input.url),
      canonicalUrl: input.url,
      enrichedAt: sql`now()`,
      ...metadata,
    })
    .onConflictDoUpdate({ target: tools.fingerprint, set: { ...metadata, updatedAt: sql`now()` } })
    .returning({ id: tools.id });
  if (!tool) throw new Error('insert returned no row');
  const [row] = await db
    .insert(workspaceTools)
    .values({
      workspaceId: input.workspaceId,
      toolId: tool.id,
      slug: input.slug,
      rawSubmittedUrl: input.url,
      rating: input.rating ?? null,
    })
    .returning({ id: workspaceTools.id });
  if (!row) throw new Error('insert returned no row');
  return { toolId: tool.id, workspaceToolId: row.id };
}

export interface SeedResource {
  workspaceId: string;
  url: string;
  fingerprint?: string;
  title?: string | null;
  description?: string | null;
  image?: string | null;
  rating?: number | null;
}

export async function seedResource(db: Executor, input: SeedResource): Promise<string> {
  const [row] = await db
    .insert(resources)
    .values({
      workspaceId: input.workspaceId,
      fingerprint: input.fingerprint ?? urlFingerprint(input.url),
      rawSubmittedUrl: input.url,
      extractedTitle: input.title ?? null,
      extractedDescription: input.description ?? null,
      extractedImage: input.image ?? null,
      rating: input.rating ?? null,
    })
    .returning({ id: resources.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** A readable copy of a seeded resource, as ingestion stores one (sanitised HTML and its text). */
export async function seedResourceCopy(
  db: Executor,
  input: {
    workspaceId: string;
    resourceId: string;
    url: string;
    text: string;
    html?: string;
    fetchedAt?: Date;
  },
): Promise<void> {
  const paragraphs = input.text.split('\n').map((line) => `<p>${line.replace(/[<>&]/g, ' ')}</p>`);
  await db.insert(resourceCopies).values({
    resourceId: input.resourceId,
    workspaceId: input.workspaceId,
    sourceUrl: input.url,
    title: null,
    byline: null,
    html: input.html ?? paragraphs.join(''),
    content: input.text,
    fetchedAt: input.fetchedAt ?? new Date(),
  });
}
