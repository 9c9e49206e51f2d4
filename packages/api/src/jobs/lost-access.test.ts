import { describe, expect } from 'vitest';
import { bookmarkImportSchema, type BookmarkImport } from '@stackyard/contracts/bookmarks';
import { commentListSchema } from '@stackyard/contracts/comment';
import { submissionSchema, type Submission } from '@stackyard/contracts/ingestion';
import { toolListSchema } from '@stackyard/contracts/tool';
import { workspaceSummarySchema } from '@stackyard/contracts/workspace';
import type { Database } from '@stackyard/db/client';
import { parseBookmarksFile } from '@stackyard/ingestion/bookmarks-file-reader';
import type { FixtureServer } from '@stackyard/ingestion/testing/fixture-server';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { bookmarkImport, uploadBookmarks } from '@stackyard/testing/bookmark-imports';
import { catalogWorld, expectStatus, type CatalogWorld } from '@stackyard/testing/catalog-fixtures';
import type { Harness, TestUser } from '@stackyard/testing/harness';
import { siteFixture } from '@stackyard/testing/ingestion-harness';
import { createBookmarkImportWorker } from '../bookmarks/bookmarks.job.ts';
import { BATCH_SIZE } from '../bookmarks/import-bookmarks.ts';
import { DEFAULT_INGESTION_SETTINGS } from '../ingestion/ingestion-settings.ts';
import { createIngestionWorker } from '../ingestion/ingestion.job.ts';

// Work a member queued (URL submissions, bookmark imports) writes nothing once that member may no longer
// write the workspace. The API runs no workers here: each test runs the queued jobs itself, when it wants
// them to run, as a worker process would.

const quiet = { warn: () => undefined, error: () => undefined };
const LOST = { code: 'submitter_lost_access', message: 'Its submitter can no longer add to this workspace.' };
/** A submission failed because its submitter lost access. */
const FAILED_LOST = { status: 'failed', quarantine_context: LOST };
const IMPORT_LOST =
  'The member who started it can no longer add to this workspace. The bookmarks imported so far are kept.';

/** The calls of these tests on the API and the fixture site. */
function callsOn(api: Harness, site: FixtureServer) {
  /** Runs the queued ingestion jobs, submissions and the enrichment of imported bookmarks alike. */
  function ingest(): Promise<number> {
    const settings = { ...DEFAULT_INGESTION_SETTINGS, allowlist: ['127.0.0.1'], pollMs: 50, maxAttempts: 1 };
    return createIngestionWorker(api.db.db, settings, quiet).drain();
  }

  /** Runs the queued bookmark imports, on `db` (the test's database unless given one). */
  function runImports(db: Database = api.db.db, enrich = true): Promise<number> {
    return createBookmarkImportWorker(db, { pollMs: 50, enrich, enrichmentMaxAttempts: 1 }, quiet).drain();
  }

  /** The database, running `between` after each of its transactions (an import: its tags, then each batch). */
  function pausing(between: () => Promise<void>): Database {
    const db = api.db.db;
    return new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'transaction') return Reflect.get(target, key, receiver);
        return async (work: Parameters<Database['transaction']>[0]) => {
          const result = await target.transaction(work);
          await between();
          return result;
        };
      },
    });
  }

  async function submit(user: TestUser, workspaceId: string, path: string): Promise<Submission> {
    const response = await api
      .as(user)
      .post('/ingestion/tools', { workspace_id: workspaceId, submitted_url: `${site.origin}${path}` });
    return submissionSchema.parse(expectStatus(response, 202));
  }

  async function submission(user: TestUser, id: string): Promise<Submission> {
    return submissionSchema.parse(expectStatus(await api.as(user).get(`/ingestion/submissions/${id}`), 200));
  }

  async function toolUrls(user: TestUser, workspaceId: string): Promise<string[]> {
    const tools = toolListSchema.parse(
      expectStatus(await api.as(user).get(`/tools?workspace_id=${workspaceId}`), 200),
    );
    return tools.map((tool) => tool.raw_submitted_url);
  }

  const fetchesOf = (path: string) => site.requests().filter((seen) => seen === path).length;

  async function submitWithComment(world: CatalogWorld, path: string, comment: string): Promise<Submission> {
    const response = await api.as(world.editor).post('/ingestion/tools', {
      workspace_id: world.workspaceId,
      submitted_url: `${site.origin}${path}`,
      pre_ingestion_extracted_data: { ingestion_hints: { suggested_comment: comment } },
    });
    return submissionSchema.parse(expectStatus(response, 202));
  }

  /** The owner releases the submission as a tool; the comments on that tool. */
  async function releasedComments(world: CatalogWorld, id: string) {
    const response = await api
      .as(world.owner)
      .post(`/ingestion/submissions/${id}/release`, { name: 'Picked' });
    const released = submissionSchema.parse(expectStatus(response, 200));
    expect(released.status).toBe('completed');
    const path = `/tools/workspace/${released.workspace_tool_id}/comments`;
    return commentListSchema.parse(expectStatus(await api.as(world.viewer).get(path), 200));
  }

  const removeMember = (world: CatalogWorld, user: TestUser) =>
    api.as(world.owner).delete(`/workspaces/${world.workspaceId}/members/${user.id}`);

  const setRole = (world: CatalogWorld, user: TestUser, role: string) =>
    api.as(world.owner).put(`/workspaces/${world.workspaceId}/members/${user.id}/role`, { new_role: role });

  /** A bookmarks file of `count` links to the fixture site (pages it does not have: never fetched here). */
  function bookmarksFile(count: number): string {
    const links = Array.from(
      { length: count },
      (_, i) => `<DT><A HREF="${site.origin}/bookmark-${i}">Bookmark ${i}</A>`,
    );
    return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${links.join('\n')}\n</DL><p>\n`;
  }

  async function startImport(user: TestUser, workspaceId: string, count: number): Promise<BookmarkImport> {
    const response = await uploadBookmarks(
      api,
      user,
      workspaceId,
      bookmarksFile(count),
      '?file_name=saved.html',
    );
    return bookmarkImportSchema.parse(expectStatus(response, 202));
  }

  async function resourceCount(user: TestUser, workspaceId: string): Promise<number> {
    const exported = await api.as(user).get(`/resources/workspace/${workspaceId}/export`);
    expect(exported.statusCode).toBe(200);
    return parseBookmarksFile(exported.body).length;
  }

  /** Runs the import, calling `change` once its first batch is in. */
  async function importWithChange(
    world: CatalogWorld,
    started: BookmarkImport,
    change: () => Promise<void>,
    enrich = true,
  ) {
    let changed = false;
    const db = pausing(async () => {
      if (changed || (await bookmarkImport(api, world.owner, started.id)).imported === 0) return;
      changed = true;
      await change();
    });
    await runImports(db, enrich);
    expect(changed).toBe(true);
  }

  return {
    ingest,
    runImports,
    submit,
    submission,
    toolUrls,
    fetchesOf,
    submitWithComment,
    releasedComments,
    removeMember,
    setRole,
    startImport,
    resourceCount,
    importWithChange,
  };
}

// `calls`, the file's calls on its API and fixture site.
const test = apiTest({ env: { RUN_WORKERS: 'false' } })
  .extend('site', { scope: 'file' }, siteFixture)
  .extend('calls', { scope: 'file' }, ({ api, site }) => callsOn(api, site));

describe('a submission whose submitter can no longer write the workspace', () => {
  test('is failed with the reason the moment the submitter is removed, and its job adds nothing', async ({
    world,
    calls: { ingest, submit, submission, toolUrls, fetchesOf, removeMember },
  }) => {
    const queued = await submit(world.editor, world.workspaceId, '/tool?case=removed');
    expectStatus(await removeMember(world, world.editor), 204);

    expect(await submission(world.viewer, queued.id)).toMatchObject(FAILED_LOST);
    await ingest();
    expect(await submission(world.viewer, queued.id)).toMatchObject(FAILED_LOST);
    expect(fetchesOf('/tool?case=removed')).toBe(0);
    expect(await toolUrls(world.viewer, world.workspaceId)).toEqual([]);
  });

  test('is failed the same way when the submitter leaves, or is lowered to viewer', async ({
    api,
    world,
    calls: { ingest, submit, submission, toolUrls, setRole },
  }) => {
    const lowered = await submit(world.editor, world.workspaceId, '/tool?case=lowered');
    expectStatus(await setRole(world, world.editor, 'viewer'), 200);
    const other = await catalogWorld(api);
    const left = await submit(other.editor, other.workspaceId, '/tool?case=left');
    expectStatus(
      await api.as(other.editor).delete(`/workspaces/${other.workspaceId}/members/${other.editor.id}`),
      204,
    );

    await ingest();
    expect(await submission(world.viewer, lowered.id)).toMatchObject(FAILED_LOST);
    expect(await submission(other.viewer, left.id)).toMatchObject(FAILED_LOST);
    expect(await toolUrls(world.viewer, world.workspaceId)).toEqual([]);
    expect(await toolUrls(other.viewer, other.workspaceId)).toEqual([]);
  });

  test('completes as before for a submitter whose role is raised or set to what it was', async ({
    site,
    world,
    calls: { ingest, submit, submission, toolUrls, setRole },
  }) => {
    const kept = await submit(world.editor, world.workspaceId, '/tool?case=kept');
    expectStatus(await setRole(world, world.editor, 'editor'), 200);
    expectStatus(await setRole(world, world.editor, 'admin'), 200);
    expect((await submission(world.viewer, kept.id)).status).toBe('pending');

    await ingest();
    expect(await submission(world.viewer, kept.id)).toMatchObject({
      status: 'completed',
      quarantine_context: null,
    });
    expect(await toolUrls(world.viewer, world.workspaceId)).toEqual([`${site.origin}/tool?case=kept`]);
  });

  test('is failed at once when the submitter is removed mid-fetch; the late fetch adds nothing', async ({
    world,
    calls: { ingest, submit, submission, toolUrls, fetchesOf, removeMember },
  }) => {
    const queued = await submit(world.editor, world.workspaceId, '/slow-headers?case=mid-fetch');
    const running = ingest();
    const deadline = Date.now() + 5_000;
    while ((await submission(world.viewer, queued.id)).status !== 'fetching') {
      if (Date.now() > deadline) throw new Error('the job never started fetching');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expectStatus(await removeMember(world, world.editor), 204);
    expect(await submission(world.viewer, queued.id)).toMatchObject(FAILED_LOST);

    // The page answers after 5 s; the job then finds the submission settled.
    expect(await running).toBe(1);
    expect(fetchesOf('/slow-headers?case=mid-fetch')).toBe(1);
    expect(await submission(world.viewer, queued.id)).toMatchObject(FAILED_LOST);
    expect(await toolUrls(world.viewer, world.workspaceId)).toEqual([]);
  }, 20_000);

  test('can be released by a reviewer; the comment is posted only for a submitter who may still comment', async ({
    api,
    calls: { submission, submitWithComment, releasedComments, removeMember, setRole },
  }) => {
    const removed = await catalogWorld(api);
    const gone = await submitWithComment(removed, '/tool?case=release-removed', 'Fast builds');
    expectStatus(await removeMember(removed, removed.editor), 204);
    expect(await releasedComments(removed, gone.id)).toEqual([]);

    const lowered = await catalogWorld(api);
    const kept = await submitWithComment(lowered, '/tool?case=release-lowered', 'Still reading');
    expectStatus(await setRole(lowered, lowered.editor, 'viewer'), 200);
    expect((await submission(lowered.viewer, kept.id)).quarantine_context).toEqual(LOST);
    expect(await releasedComments(lowered, kept.id)).toMatchObject([
      { content: 'Still reading', commenter_id: lowered.editor.id },
    ]);
  });
});

describe('a bookmark import whose member can no longer write the workspace', () => {
  const total = BATCH_SIZE + 100;

  test('stops when the member is removed between batches, keeping the batches written before', async ({
    api,
    site,
    world,
    calls: { ingest, removeMember, startImport, resourceCount, importWithChange },
  }) => {
    const started = await startImport(world.editor, world.workspaceId, total);
    await importWithChange(world, started, async () => {
      expectStatus(await removeMember(world, world.editor), 204);
    });

    expect(await bookmarkImport(api, world.viewer, started.id)).toMatchObject({
      status: 'failed',
      error: IMPORT_LOST,
      total,
      imported: BATCH_SIZE,
      finished_at: expect.any(String),
    });
    expect(await resourceCount(world.viewer, world.workspaceId)).toBe(BATCH_SIZE);
    // The enrichment the first batch queued was settled with the import: none in progress, none to review.
    const summary = workspaceSummarySchema.parse(
      expectStatus(await api.as(world.viewer).get(`/workspaces/${world.workspaceId}/summary`), 200),
    );
    expect(summary).toMatchObject({
      resources: BATCH_SIZE,
      ingestions_in_progress: 0,
      ingestions_needing_review: 0,
    });
    await ingest();
    expect(site.requests().filter((path) => path.startsWith('/bookmark-'))).toEqual([]);
  }, 60_000);

  test('completes as before when the member is raised to admin between batches', async ({
    api,
    world,
    calls: { setRole, startImport, resourceCount, importWithChange },
  }) => {
    const started = await startImport(world.editor, world.workspaceId, total);
    const raise = async () => {
      expectStatus(await setRole(world, world.editor, 'admin'), 200);
    };
    // Without enrichment: its fetches are not what this test is about.
    await importWithChange(world, started, raise, false);
    expect(await bookmarkImport(api, world.viewer, started.id)).toMatchObject({
      status: 'completed',
      error: null,
      imported: total,
    });
    expect(await resourceCount(world.viewer, world.workspaceId)).toBe(total);
  }, 60_000);
});

describe('account deletion', () => {
  test("settles the submissions and imports the account queued in other people's workspaces", async ({
    api,
    world,
    calls: { ingest, runImports, submit, submission, toolUrls, fetchesOf, startImport, resourceCount },
  }) => {
    const me = await api.user(`lost_${Date.now().toString(36)}`);
    expectStatus(
      await api
        .as(world.owner)
        .post(`/workspaces/${world.workspaceId}/members`, { username: me.username, role: 'editor' }),
      201,
    );
    const queued = await submit(me, world.workspaceId, '/tool?case=deleted');
    const started = await startImport(me, world.workspaceId, 3);

    const deleted = await api.app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${me.token}` },
      payload: { confirmation: me.username ?? '' },
    });
    expectStatus(deleted, 204);

    expect(await submission(world.viewer, queued.id)).toMatchObject(FAILED_LOST);
    expect(await bookmarkImport(api, world.viewer, started.id)).toMatchObject({
      status: 'failed',
      error: IMPORT_LOST,
      imported: 0,
    });
    await runImports();
    await ingest();
    expect(await bookmarkImport(api, world.viewer, started.id)).toMatchObject({
      status: 'failed',
      imported: 0,
    });
    expect(await toolUrls(world.viewer, world.workspaceId)).toEqual([]);
    expect(await resourceCount(world.viewer, world.workspaceId)).toBe(0);
    expect(fetchesOf('/tool?case=deleted')).toBe(0);
  });
});
