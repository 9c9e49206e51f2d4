import { and, eq, inArray, sql } from 'drizzle-orm';
import { resources, resourceTags } from '@stackyard/db/schema';
import type { ItemSort } from '@stackyard/contracts/catalog';
import type { EditableResourceField, Resource } from '@stackyard/contracts/resource';
import type { Authorized, CatalogReader, CatalogWriter, SystemGrant } from '../access/access.ts';
import { after, cursorKey, orderBy, page, type Cursor, type KeysetOrder } from '../catalog/pagination.ts';
import { batchesOf, isoText, isoTextOrNull, nested, type Executor } from '../db.ts';
import { withFields } from '../catalog/edited-fields.ts';
import { resourceHealth } from '../health/health-columns.ts';
import { storedMedia } from '../media/media-columns.ts';

/** A resource as the API answers it. */
const columns = {
  workspace_resource_id: resources.id,
  workspace_id: resources.workspaceId,
  context: { rating: resources.rating },
  raw_submitted_url: resources.rawSubmittedUrl,
  metadata: nested({
    extracted_title: resources.extractedTitle,
    extracted_description: resources.extractedDescription,
    extracted_image: resources.extractedImage,
    extracted_icon: resources.extractedIcon,
    site_name: resources.siteName,
    author: resources.author,
    published_at: isoTextOrNull(resources.publishedAt),
    language: resources.language,
    media: storedMedia(resources.iconMedia, resources.imageMedia),
  }),
  edited_fields: sql<EditableResourceField[]>`${resources.editedFields}`,
  created_at: isoText(resources.createdAt),
  updated_at: isoText(resources.updatedAt),
  health: resourceHealth,
};

const id = sql`${resources.id}`;
export const resourceOrders: Record<ItemSort, KeysetOrder> = {
  recent: { name: 'recent', key: sql`${resources.createdAt}`, type: 'timestamptz', id, direction: 'desc' },
  // The title a page shows, or the URL until one is extracted (the resources_name_idx expression).
  name: {
    name: 'name',
    key: sql`coalesce(${resources.extractedTitle}, ${resources.rawSubmittedUrl})`,
    type: 'text',
    id,
    direction: 'asc',
  },
  rating: { name: 'rating', key: sql`coalesce(${resources.rating}, 0)`, type: 'int', id, direction: 'desc' },
};

/** The resource with this id, when it is the permit's workspace's. */
function resourceOf(access: CatalogReader, resourceId: string) {
  return and(eq(resources.workspaceId, access.workspaceId), eq(resources.id, resourceId));
}

export async function listResources(
  db: Executor,
  access: CatalogReader,
  options: { sort: ItemSort; cursor: Cursor | null; limit: number; tagId: string | undefined },
): Promise<{ rows: Array<Resource & { cursorKey: string }>; nextCursor: string | null }> {
  const order = resourceOrders[options.sort];
  const rows = await db
    .select({ ...columns, cursorKey: cursorKey(order) })
    .from(resources)
    .where(
      and(
        eq(resources.workspaceId, access.workspaceId),
        after(order, options.cursor),
        options.tagId
          ? sql`exists (select 1 from ${resourceTags} where ${resourceTags.resourceId} = ${resources.id}
              and ${resourceTags.tagId} = ${options.tagId})`
          : undefined,
      ),
    )
    .orderBy(orderBy(order))
    .limit(options.limit + 1);
  return page(order, rows, options.limit, 'workspace_resource_id');
}

export async function findResourceWorkspace(db: Executor, resourceId: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: resources.workspaceId })
    .from(resources)
    .where(eq(resources.id, resourceId))
    .limit(1);
  return row?.workspaceId ?? null;
}

/**
 * A resource by id in whatever workspace holds it, for a read that names only the resource: one query
 * instead of its workspace, then the resource. The caller authorizes the row's workspace before answering.
 */
export async function findResourceForReading(db: Executor, resourceId: string): Promise<Resource | null> {
  const [row] = await db.select(columns).from(resources).where(eq(resources.id, resourceId)).limit(1);
  return row ?? null;
}

export async function findResource(
  db: Executor,
  access: CatalogReader,
  resourceId: string,
): Promise<Resource | null> {
  const [row] = await db.select(columns).from(resources).where(resourceOf(access, resourceId)).limit(1);
  return row ?? null;
}

export async function setResourceRating(
  db: Executor,
  access: Authorized<'catalog:write'>,
  resourceId: string,
  rating: number | null,
): Promise<boolean> {
  const rows = await db
    .update(resources)
    .set({ rating, updatedAt: sql`now()` })
    .where(resourceOf(access, resourceId))
    .returning({ id: resources.id });
  return rows.length > 0;
}

/** Values for a resource's columns edited by hand, by column; a new URL comes with its fingerprint. */
export interface ResourceEdits {
  extractedTitle?: string | null;
  extractedDescription?: string | null;
  rawSubmittedUrl?: string;
  fingerprint?: string;
  extractedIcon?: string | null;
  iconMedia?: string | null;
}

/**
 * Writes a member's corrections and adds their fields to edited_fields. Answers false when the resource is
 * not the workspace's; a fingerprint another resource of the workspace has throws a unique violation.
 */
export async function setResourceEdits(
  db: Executor,
  access: Authorized<'catalog:write'>,
  resourceId: string,
  edits: ResourceEdits,
  fields: readonly EditableResourceField[],
): Promise<boolean> {
  const rows = await db
    .update(resources)
    .set({ ...edits, editedFields: withFields(resources.editedFields, fields), updatedAt: sql`now()` })
    .where(resourceOf(access, resourceId))
    .returning({ id: resources.id });
  return rows.length > 0;
}

/** Another resource of the workspace with this fingerprint: its id and what names it (title, else URL). */
export async function findOtherResourceByFingerprint(
  db: Executor,
  access: CatalogReader,
  fingerprint: string,
  exceptId: string,
): Promise<{ id: string; label: string } | null> {
  const [row] = await db
    .select({
      id: resources.id,
      label: sql<string>`coalesce(${resources.extractedTitle}, ${resources.rawSubmittedUrl})`,
    })
    .from(resources)
    .where(
      and(
        eq(resources.workspaceId, access.workspaceId),
        eq(resources.fingerprint, fingerprint),
        sql`${resources.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function deleteResource(
  db: Executor,
  access: Authorized<'catalog:write'>,
  resourceId: string,
): Promise<boolean> {
  const rows = await db
    .delete(resources)
    .where(resourceOf(access, resourceId))
    .returning({ id: resources.id });
  return rows.length > 0;
}

/** Of these fingerprints, the workspace's resources that have them: fingerprint → resource id. */
export async function resourcesByFingerprint(
  db: Executor,
  access: CatalogReader,
  fingerprints: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const batch of batchesOf(fingerprints, 1, 1)) {
    const rows = await db
      .select({ id: resources.id, fingerprint: resources.fingerprint })
      .from(resources)
      .where(and(eq(resources.workspaceId, access.workspaceId), inArray(resources.fingerprint, batch)));
    for (const row of rows) found.set(row.fingerprint, row.id);
  }
  return found;
}

export interface NewResource {
  fingerprint: string;
  url: string;
  title: string | null;
  description: string | null;
  image?: string | null;
  /** What else ingestion read from the page (not known for an imported bookmark). */
  page?: PageFacts;
  /** When it was first saved (an imported bookmark's add date); now when not given. */
  createdAt?: Date;
}

/** What ingestion read from a resource's page beyond its title, description and image. */
export interface PageFacts {
  icon: string | null;
  iconMedia: string | null;
  imageMedia: string | null;
  siteName: string | null;
  author: string | null;
  publishedAt: Date | null;
  language: string | null;
}

const pageColumns = (facts: PageFacts) => ({
  extractedIcon: facts.icon,
  iconMedia: facts.iconMedia,
  imageMedia: facts.imageMedia,
  siteName: facts.siteName,
  author: facts.author,
  publishedAt: facts.publishedAt,
  language: facts.language,
});

// Columns bound for each row of insertResources.
const RESOURCE_PARAMETERS = 15;

/**
 * Adds resources to the workspace (a completed submission, or an import's bookmarks); a fingerprint the
 * workspace already has is left out. Answers fingerprint → id of those added.
 */
export async function insertResources(
  db: Executor,
  access: CatalogWriter<'ingestion:review'>,
  items: readonly NewResource[],
): Promise<Map<string, string>> {
  const added = new Map<string, string>();
  for (const batch of batchesOf(items, RESOURCE_PARAMETERS)) {
    const rows = await db
      .insert(resources)
      .values(
        batch.map((item) => ({
          workspaceId: access.workspaceId,
          fingerprint: item.fingerprint,
          rawSubmittedUrl: item.url,
          extractedTitle: item.title,
          extractedDescription: item.description,
          extractedImage: item.image ?? null,
          ...(item.page ? pageColumns(item.page) : {}),
          ...(item.createdAt ? { createdAt: item.createdAt, updatedAt: item.createdAt } : {}),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: resources.id, fingerprint: resources.fingerprint });
    for (const row of rows) added.set(row.fingerprint, row.id);
  }
  return added;
}

/**
 * Adds a resource to the workspace; if the workspace got one with the same fingerprint meanwhile (a
 * concurrent submission), answers that one instead.
 */
export async function insertResource(
  db: Executor,
  access: CatalogWriter<'ingestion:review'>,
  item: NewResource,
): Promise<string> {
  const added = (await insertResources(db, access, [item])).get(item.fingerprint);
  const id = added ?? (await resourcesByFingerprint(db, access, [item.fingerprint])).get(item.fingerprint);
  if (!id) throw new Error('resource neither inserted nor found');
  return id;
}

export interface ResourceMetadata {
  title: string | null;
  description: string | null;
  image: string | null;
  page: PageFacts;
}

/** Fills what a resource is missing (an imported bookmark has only its title) from its page's metadata. */
export async function fillResourceMetadata(
  db: Executor,
  grant: SystemGrant,
  resourceId: string,
  metadata: ResourceMetadata,
): Promise<void> {
  await db
    .update(resources)
    .set({
      extractedTitle: sql`coalesce(nullif(${resources.extractedTitle}, ''), ${metadata.title})`,
      extractedDescription: sql`coalesce(${resources.extractedDescription}, ${metadata.description})`,
      extractedImage: sql`coalesce(${resources.extractedImage}, ${metadata.image})`,
      // The bookmark knew none of these: the page's are taken as they are.
      ...pageColumns(metadata.page),
      updatedAt: sql`now()`,
    })
    .where(and(eq(resources.workspaceId, grant.workspaceId), eq(resources.id, resourceId)));
}
