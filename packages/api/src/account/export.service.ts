import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_VERSION,
  type AccountExport,
} from '@stackyard/contracts/account';
import type { Database } from '@stackyard/db/client';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { iso } from '../db.ts';
import {
  commentPage,
  commentsElsewherePage,
  findProfileForExport,
  linksOf,
  membersForExport,
  ownedWorkspaceIds,
  projectPage,
  resourcePage,
  tagsForExport,
  toolPage,
  usernamesOf,
  workspaceForExport,
  type PageEnd,
} from './export.repo.ts';
import type { IdentityAccounts } from './identity-accounts.ts';
import { requireSession } from './session-only.ts';

type Owned = AccountExport['owned_workspaces'][number];
type Profile = AccountExport['profile'];

/** Rows per query: the archive is written page by page, so a large workspace never sits in memory whole. */
export const EXPORT_PAGE_SIZE = 500;

export interface AccountArchive {
  fileName: string;
  /** The JSON document in pieces, read from the database as the client takes them. */
  chunks: AsyncGenerator<string>;
}

/**
 * The caller's data export: their profile, the workspaces they own with everything in them, and their
 * comments in workspaces they do not own. The profile is read before the first byte is sent, so a caller
 * who cannot export gets a problem response, not a cut-off file.
 */
export async function exportAccount(
  db: Database,
  actor: Actor,
  identity: IdentityAccounts | null,
): Promise<AccountArchive> {
  requireSession(actor);
  const profile = await profileOf(db, actor, identity);
  const day = new Date().toISOString().slice(0, 10);
  const name = profile.current_username ?? actor.userId;
  return { fileName: `stackyard-export-${name}-${day}.json`, chunks: archive(db, actor, profile) };
}

async function profileOf(db: Database, actor: Actor, identity: IdentityAccounts | null): Promise<Profile> {
  const [row, names, email] = await Promise.all([
    findProfileForExport(db, actor.userId),
    usernamesOf(db, actor.userId),
    identity ? identity.email(db, actor.userId) : null,
  ]);
  return {
    identity_id: actor.userId,
    email,
    display_name: row?.displayName ?? null,
    bio: row?.bio ?? null,
    avatar_url: row?.avatarUrl ?? null,
    theme: row?.theme ?? null,
    current_username: names.find((name) => name.isCurrent)?.username ?? null,
    usernames: names.map((name) => ({
      username: name.username,
      is_current: name.isCurrent,
      created_at: iso(name.createdAt),
    })),
    created_at: iso(row?.createdAt ?? new Date()),
  };
}

// `"key":` followed by the value's pieces: the document is written as it is read.
const field = (key: string) => `${JSON.stringify(key)}:`;

async function* archive(db: Database, actor: Actor, profile: Profile): AsyncGenerator<string> {
  yield `{${field('format')}${JSON.stringify(ACCOUNT_EXPORT_FORMAT)},${field('version')}${ACCOUNT_EXPORT_VERSION},`;
  yield `${field('exported_at')}${JSON.stringify(new Date().toISOString())},${field('profile')}${JSON.stringify(profile)},`;
  yield `${field('owned_workspaces')}[`;
  let first = true;
  for (const workspaceId of await ownedWorkspaceIds(db, actor.userId)) {
    // The owner may read every workspace they own; one deleted meanwhile is skipped.
    const access = await authorize(db, actor, workspaceId, 'catalog:read').catch(() => null);
    if (!access) continue;
    yield first ? '' : ',';
    first = false;
    yield* ownedWorkspace(db, access);
  }
  yield `],${field('comments_elsewhere')}[`;
  yield* commentsElsewhere(db, actor.userId);
  yield ']}';
}

type Reader = Awaited<ReturnType<typeof authorize<'catalog:read'>>>;

async function* ownedWorkspace(db: Database, access: Reader): AsyncGenerator<string> {
  const [workspace, members, tagRows] = await Promise.all([
    workspaceForExport(db, access),
    membersForExport(db, access),
    tagsForExport(db, access),
  ]);
  if (!workspace) return;
  const head: Pick<Owned, 'workspace' | 'members' | 'tags'> = {
    workspace: {
      id: workspace.id,
      name: workspace.name,
      slug: workspace.slug,
      description: workspace.description,
      previous_slugs: workspace.previousSlugs,
      created_at: iso(workspace.createdAt),
      updated_at: iso(workspace.updatedAt),
    },
    members: members.map((member) => ({
      user_id: member.userId,
      username: member.username,
      access_role: member.accessRole,
      is_owner: member.userId === access.ownerId,
      joined_at: iso(member.joinedAt),
    })),
    tags: tagRows.map((tag) => ({
      id: tag.id,
      name: tag.name,
      color: tag.color,
      description: tag.description,
      criteria: tag.criteria,
      created_at: iso(tag.createdAt),
    })),
  };
  // The head without its closing brace, then the paged lists.
  yield JSON.stringify(head).slice(0, -1);
  yield `,${field('tools')}[`;
  yield* pages(
    (end) => toolPage(db, access, end, EXPORT_PAGE_SIZE),
    async (rows) => {
      const tagIds = grouped(await linksOf(db, 'tool-tags', ids(rows)));
      return rows.map((row): Owned['tools'][number] => ({
        id: row.id,
        slug: row.slug,
        raw_submitted_url: row.rawSubmittedUrl,
        rating: row.rating,
        name: row.name,
        description: row.description,
        canonical_url: row.canonicalUrl,
        homepage_url: row.homepageUrl,
        forge_url: row.forgeUrl,
        stance: row.stance ? { stance: row.stance, category: row.category, note: row.note } : null,
        tag_ids: tagIds.get(row.id) ?? [],
        created_at: iso(row.createdAt),
        updated_at: iso(row.updatedAt),
      }));
    },
  );
  yield `],${field('resources')}[`;
  yield* pages(
    (end) => resourcePage(db, access, end, EXPORT_PAGE_SIZE),
    async (rows) => {
      const tagIds = grouped(await linksOf(db, 'resource-tags', ids(rows)));
      return rows.map((row): Owned['resources'][number] => ({
        id: row.id,
        raw_submitted_url: row.rawSubmittedUrl,
        extracted_title: row.extractedTitle,
        extracted_description: row.extractedDescription,
        extracted_image: row.extractedImage,
        site_name: row.siteName,
        author: row.author,
        rating: row.rating,
        tag_ids: tagIds.get(row.id) ?? [],
        created_at: iso(row.createdAt),
        updated_at: iso(row.updatedAt),
      }));
    },
  );
  yield `],${field('projects')}[`;
  yield* pages(
    (end) => projectPage(db, access, end, EXPORT_PAGE_SIZE),
    async (rows) => {
      const [tagIds, toolIds] = await Promise.all([
        linksOf(db, 'project-tags', ids(rows)).then(grouped),
        linksOf(db, 'project-tools', ids(rows)).then(grouped),
      ]);
      return rows.map((row): Owned['projects'][number] => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        tool_ids: toolIds.get(row.id) ?? [],
        tag_ids: tagIds.get(row.id) ?? [],
        created_at: iso(row.createdAt),
        updated_at: iso(row.updatedAt),
      }));
    },
  );
  yield `],${field('comments')}[`;
  yield* pages(
    (end) => commentPage(db, access, end?.id ?? null, EXPORT_PAGE_SIZE),
    async (rows) =>
      rows.map((row): Owned['comments'][number] => ({
        id: row.id,
        on: targetOf(row),
        commenter_id: row.commenterId,
        commenter_username: row.commenterUsername,
        content: row.content,
        created_at: iso(row.createdAt),
        updated_at: iso(row.updatedAt),
      })),
  );
  yield ']}';
}

function commentsElsewhere(db: Database, userId: string): AsyncGenerator<string> {
  return pages(
    (end) => commentsElsewherePage(db, userId, end?.id ?? null, EXPORT_PAGE_SIZE),
    async (rows) =>
      rows.map((row): AccountExport['comments_elsewhere'][number] => ({
        id: row.id,
        workspace: { id: row.workspaceId, name: row.workspaceName },
        on: { ...targetOf(row), title: row.title },
        content: row.content,
        created_at: iso(row.createdAt),
        updated_at: iso(row.updatedAt),
      })),
  );
}

/**
 * Reads pages until one comes back short, yielding each page's items as JSON. The next page starts after the
 * last row: by (created_at, id) for the catalog lists (`cursor` is its time as text), by id for comments.
 */
async function* pages<Row extends { id: string; cursor?: string }, Item>(
  read: (end: PageEnd | null) => Promise<Row[]>,
  render: (rows: Row[]) => Promise<Item[]>,
): AsyncGenerator<string> {
  let end: PageEnd | null = null;
  let separator = '';
  for (;;) {
    const rows = await read(end);
    if (rows.length === 0) return;
    const items = await render(rows);
    yield separator + items.map((item) => JSON.stringify(item)).join(',');
    separator = ',';
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_SIZE) return;
    end = { createdAt: last.cursor ?? '', id: last.id };
  }
}

function targetOf(row: {
  projectId: string | null;
  workspaceToolId: string | null;
  resourceId: string | null;
}): { kind: 'project' | 'tool' | 'resource'; id: string } {
  if (row.projectId) return { kind: 'project', id: row.projectId };
  if (row.workspaceToolId) return { kind: 'tool', id: row.workspaceToolId };
  // The table's check constraint: exactly one of the three is set.
  return { kind: 'resource', id: row.resourceId ?? '' };
}

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

function grouped(pairs: Array<{ itemId: string; linkedId: string }>): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const { itemId, linkedId } of pairs) map.set(itemId, [...(map.get(itemId) ?? []), linkedId]);
  for (const list of map.values()) list.sort();
  return map;
}
