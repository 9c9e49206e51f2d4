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
  // The profile's own fields keep their place; its time goes last, after the usernames.
  const { created_at, ...fields } = row ?? noProfile();
  return {
    identity_id: actor.userId,
    email,
    ...fields,
    current_username: names.find((name) => name.is_current)?.username ?? null,
    usernames: names,
    created_at,
  };
}

/** What a user without a profile row exports: no profile fields, made now. */
function noProfile(): NonNullable<Awaited<ReturnType<typeof findProfileForExport>>> {
  return { display_name: null, bio: null, avatar_url: null, theme: null, created_at: iso(new Date()) };
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
  const [workspace, members, tags] = await Promise.all([
    workspaceForExport(db, access),
    membersForExport(db, access),
    tagsForExport(db, access),
  ]);
  if (!workspace) return;
  // The head without its closing brace, then the paged lists.
  yield JSON.stringify({ workspace, members, tags }).slice(0, -1);
  yield `,${field('tools')}[`;
  yield* pages((end) => toolPage(db, access, end, EXPORT_PAGE_SIZE));
  yield `],${field('resources')}[`;
  yield* pages((end) => resourcePage(db, access, end, EXPORT_PAGE_SIZE));
  yield `],${field('projects')}[`;
  yield* pages((end) => projectPage(db, access, end, EXPORT_PAGE_SIZE));
  yield `],${field('comments')}[`;
  yield* pages((end) => commentPage(db, access, end?.id ?? null, EXPORT_PAGE_SIZE));
  yield ']}';
}

function commentsElsewhere(db: Database, userId: string): AsyncGenerator<string> {
  return pages((end) => commentsElsewherePage(db, userId, end?.id ?? null, EXPORT_PAGE_SIZE));
}

/**
 * Reads pages until one comes back short, yielding each page's rows as JSON. The next page starts after the
 * last row: by (created_at, id) for the catalog lists (`cursor` is its time as text, and no part of the
 * document), by id for comments.
 */
async function* pages<Row extends { id: string; cursor?: string }>(
  read: (end: PageEnd | null) => Promise<Row[]>,
): AsyncGenerator<string> {
  let end: PageEnd | null = null;
  let separator = '';
  for (;;) {
    const rows = await read(end);
    if (rows.length === 0) return;
    yield separator + rows.map(({ cursor: _cursor, ...item }) => JSON.stringify(item)).join(',');
    separator = ',';
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_SIZE) return;
    end = { createdAt: last.cursor ?? '', id: last.id };
  }
}
