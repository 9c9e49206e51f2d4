import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  customType,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownedBy, timestamps } from './columns.ts';
import { media } from './media.ts';
import { workspaces } from './workspaces.ts';

// The catalog of a workspace: tools, resources, projects, comments and tags.
//
// Full-text search: every searchable table has a `search` tsvector with a GIN index. It is a generated
// column where the row holds all of its text; a workspace tool's text lives partly in the global tool, so
// its vector is kept by triggers (written by hand at the end of the catalog migration). The 'english'
// configuration is given as a regconfig literal, which keeps to_tsvector immutable (a generated column
// needs that) and behaves the same on PGlite and PostgreSQL. The GIN indexes have no pending list
// (fastupdate off): a search would read it entry by entry until a vacuum emptied it, which on PGlite comes
// only from the server's maintenance, at most once a minute.

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The row's text as a search vector: title words weigh A, body words B. Angle brackets become spaces first:
 * PostgreSQL's parser reads `<script …>` as markup and drops what follows, so a description quoting HTML
 * would otherwise not be found.
 */
function searchVector(title: SQL, body?: SQL): SQL {
  const words = (text: SQL) => sql`to_tsvector('english'::regconfig, translate(${text}, '<>', '  '))`;
  const a = sql`setweight(${words(title)}, 'A')`;
  return body ? sql`${a} || setweight(${words(body)}, 'B')` : a;
}

const rating = (name: string) => smallint(name);
const ratingCheck = (column: SQLWrapper) => sql`${column} is null or ${column} between 1 and 5`;

/**
 * A tool as the world knows it, once for every workspace: found by the fingerprint of its normalized URL
 * (ingestion computes it), with the metadata extracted from it. A workspace links to it through
 * workspace_tools; deleting a workspace tool leaves the global tool for the others.
 */
export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fingerprint: text('fingerprint').notNull(),
    canonicalUrl: text('canonical_url').notNull(),
    name: text('name'),
    description: text('description'),
    /** The preview image's URL on its site (og:image…); never an icon. */
    imageUrl: text('image_url'),
    /** The icon's URL on its site, the one stored (link rel=icon…, /favicon.ico when it exists). */
    iconUrl: text('icon_url'),
    /** The stored copies the app serves (media.hash); null when there is none or it could not be fetched. */
    iconMedia: text('icon_media').references(() => media.hash),
    imageMedia: text('image_media').references(() => media.hash),
    homepageUrl: text('homepage_url'),
    forgeUrl: text('forge_url'),
    discordUrl: text('discord_url'),
    slackUrl: text('slack_url'),
    /** When the metadata was last extracted; null until it has been (a stale one is fetched again). */
    enrichedAt: timestamp('enriched_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [unique('tools_fingerprint_key').on(table.fingerprint)],
);

/** What is the workspace's own about a tool: its slug there, the URL a member submitted, their rating. */
export const workspaceTools = pgTable(
  'workspace_tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    rawSubmittedUrl: text('raw_submitted_url').notNull(),
    rating: rating('rating'),
    /**
     * The workspace's own corrections of the global tool, which other workspaces share: each is used only
     * while its field is in edited_fields, so a field cleared by hand (null) stays cleared.
     */
    name: text('name'),
    description: text('description'),
    homepageUrl: text('homepage_url'),
    forgeUrl: text('forge_url'),
    /** The tool's documentation; the global tool has none, so only a member sets it. */
    documentationUrl: text('documentation_url'),
    /** An icon a member chose (edited field icon_url): its URL and the app's stored copy. */
    iconUrl: text('icon_url'),
    iconMedia: text('icon_media').references(() => media.hash),
    /** The fields a member edited by hand (contracts' editable tool fields); a metadata refresh keeps them. */
    editedFields: text('edited_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Kept by the workspace_tools_search triggers from the slug, the URL and the tool's name and description. */
    search: tsvector('search')
      .notNull()
      .default(sql`''::tsvector`),
    ...timestamps,
  },
  (table) => [
    unique('workspace_tools_slug_key').on(table.workspaceId, table.slug),
    // A URL the workspace already has links to the existing tool instead of adding it twice.
    unique('workspace_tools_tool_key').on(table.workspaceId, table.toolId),
    index('workspace_tools_recent_idx').on(table.workspaceId, table.createdAt, table.id),
    index('workspace_tools_rating_idx').on(table.workspaceId, sql`coalesce(${table.rating}, 0)`, table.id),
    index('workspace_tools_tool_idx').on(table.toolId),
    // The workspace, as text, beside the search vector (btree_gin): search_catalog finds a large workspace's
    // matches through this index alone. Keyed by text, no other index answers that condition, so even the plan
    // PostgreSQL keeps for every workspace takes it (search_catalog.sql).
    index('workspace_tools_search_idx')
      .using('gin', sql`(${table.workspaceId}::text)`, table.search)
      .with({ fastupdate: false }),
    check('workspace_tools_rating_check', ratingCheck(table.rating)),
  ],
);

/** A link (article, docs, video) saved in one workspace, with what was extracted from its page. */
export const resources = pgTable(
  'resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    fingerprint: text('fingerprint').notNull(),
    rawSubmittedUrl: text('raw_submitted_url').notNull(),
    extractedTitle: text('extracted_title'),
    extractedDescription: text('extracted_description'),
    extractedImage: text('extracted_image'),
    extractedIcon: text('extracted_icon'),
    iconMedia: text('icon_media').references(() => media.hash),
    imageMedia: text('image_media').references(() => media.hash),
    /** The site or publisher (og:site_name, JSON-LD publisher, …), the author, date and language of the page. */
    siteName: text('site_name'),
    author: text('author'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    language: text('language'),
    rating: rating('rating'),
    /** The fields a member edited by hand (contracts' editable resource fields); a metadata refresh keeps them. */
    editedFields: text('edited_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs((): SQL =>
        searchVector(
          sql`coalesce(${resources.extractedTitle}, '') || ' ' || ${resources.rawSubmittedUrl}`,
          sql`coalesce(${resources.extractedDescription}, '')`,
        ),
      ),
    ...timestamps,
  },
  (table) => [
    unique('resources_fingerprint_key').on(table.workspaceId, table.fingerprint),
    index('resources_recent_idx').on(table.workspaceId, table.createdAt, table.id),
    index('resources_rating_idx').on(table.workspaceId, sql`coalesce(${table.rating}, 0)`, table.id),
    index('resources_name_idx').on(
      table.workspaceId,
      sql`coalesce(${table.extractedTitle}, ${table.rawSubmittedUrl})`,
      table.id,
    ),
    index('resources_search_idx')
      .using('gin', sql`(${table.workspaceId}::text)`, table.search)
      .with({ fastupdate: false }),
    check('resources_rating_check', ratingCheck(table.rating)),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs((): SQL => searchVector(sql`${projects.name} || ' ' || ${projects.slug}`)),
    // The GitHub repository holding the project's code (owner and name both or neither), scanned for drift
    // through the workspace's GitHub App installation; branch null is the default branch, path '' the root.
    repositoryOwner: text('repository_owner'),
    repositoryName: text('repository_name'),
    repositoryBranch: text('repository_branch'),
    repositoryPath: text('repository_path'),
    ...timestamps,
  },
  (table) => [
    unique('projects_slug_key').on(table.workspaceId, table.slug),
    index('projects_recent_idx').on(table.workspaceId, table.createdAt, table.id),
    index('projects_name_idx').on(table.workspaceId, table.name, table.id),
    index('projects_search_idx')
      .using('gin', sql`(${table.workspaceId}::text)`, table.search)
      .with({ fastupdate: false }),
  ],
);

/** The tools a project uses. Both sides belong to one workspace (the service checks it). */
export const projectTools = pgTable(
  'project_tools',
  {
    projectId: ownedBy('project_id', () => projects.id),
    workspaceToolId: ownedBy('workspace_tool_id', () => workspaceTools.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.workspaceToolId] }),
    index('project_tools_tool_idx').on(table.workspaceToolId),
  ],
);

/** A comment on exactly one project, tool or resource; it goes with what it is about. */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    // An identity id, like workspace_members.user_id: no foreign key to the identity service.
    commenterId: uuid('commenter_id').notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    workspaceToolId: uuid('workspace_tool_id').references(() => workspaceTools.id, { onDelete: 'cascade' }),
    resourceId: uuid('resource_id').references(() => resources.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs((): SQL => searchVector(sql`${comments.content}`)),
    // The editor (an identity id) who marked the comment for the assistant export, and when; null while it
    // is not marked. Only marked comments reach exported files and the MCP stack answers.
    forAssistantsBy: uuid('for_assistants_by'),
    forAssistantsAt: timestamp('for_assistants_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('comments_for_assistants_idx')
      .on(table.workspaceToolId, table.forAssistantsAt, table.id)
      .where(sql`${table.forAssistantsAt} is not null`),
    check(
      'comments_for_assistants_check',
      sql`(${table.forAssistantsBy} is null) = (${table.forAssistantsAt} is null)`,
    ),
    index('comments_project_idx').on(table.projectId, table.createdAt, table.id),
    index('comments_tool_idx').on(table.workspaceToolId, table.createdAt, table.id),
    index('comments_resource_idx').on(table.resourceId, table.createdAt, table.id),
    index('comments_workspace_idx').on(table.workspaceId),
    // A person's comments across workspaces: their data export and their account's deletion.
    index('comments_commenter_idx').on(table.commenterId, table.id),
    index('comments_search_idx')
      .using('gin', sql`(${table.workspaceId}::text)`, table.search)
      .with({ fastupdate: false }),
    check(
      'comments_one_target_check',
      sql`num_nonnulls(${table.projectId}, ${table.workspaceToolId}, ${table.resourceId}) = 1`,
    ),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: ownedBy('workspace_id', () => workspaces.id),
    name: text('name').notNull(),
    color: text('color').notNull(),
    description: text('description'),
    /** What belongs under the tag, in words (e.g. for suggestions); null when not set. */
    criteria: text('criteria').array(),
    ...timestamps,
  },
  // Case-insensitive: "React" and "react" are one tag.
  (table) => [uniqueIndex('tags_name_key').on(table.workspaceId, sql`lower(${table.name})`)],
);

/**
 * Tags on one kind of item: a row per (tag, item), gone with either. `key` and `column` name the item's
 * column, `item` the column it references; the index serves the tags of one item.
 */
function tagLinks<TName extends string, TKey extends string, TColumn extends string>(
  name: TName,
  key: TKey,
  column: TColumn,
  item: () => AnyPgColumn,
) {
  const tagId = () => ownedBy('tag_id', () => tags.id);
  const itemId = () => uuid(column).notNull().references(item, { onDelete: 'cascade' });
  // A computed key widens to a string index in TypeScript: the object is typed by the key it was given.
  const columns = { tagId: tagId(), [key]: itemId() } as {
    tagId: ReturnType<typeof tagId>;
  } & Record<TKey, ReturnType<typeof itemId>>;
  return pgTable(name, columns, (table) => [
    primaryKey({ columns: [table.tagId, table[key]] }),
    index(`${name}_item_idx`).on(table[key]),
  ]);
}

export const toolTags = tagLinks(
  'tool_tags',
  'workspaceToolId',
  'workspace_tool_id',
  () => workspaceTools.id,
);
export const resourceTags = tagLinks('resource_tags', 'resourceId', 'resource_id', () => resources.id);
export const projectTags = tagLinks('project_tags', 'projectId', 'project_id', () => projects.id);
