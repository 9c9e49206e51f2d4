import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BookmarkImport } from '@stackyard/contracts/bookmarks';
import { apiTest } from '@stackyard/testing/api-fixtures';
import { expectStatus } from '@stackyard/testing/catalog-fixtures';
import type { Harness } from '@stackyard/testing/harness';

// While an import's enrichment jobs run on PGlite, the server keeps answering (/healthz and the API), not
// only once the last one is done. Every host of this file is denied, so each job is a quarantine
// without a fetch: the queue runs as fast as the database lets it, the case that starved the event loop.

const BOOKMARKS = 300;
const test = apiTest({ env: { INGESTION_DENY_DOMAINS: 'example' } });

function bookmarksFile(count: number): string {
  const entries = Array.from(
    { length: count },
    (_, i) => `<DT><A HREF="https://site-${i}.example/" ADD_DATE="1700000000">Site ${i}</A>`,
  );
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<DL><p>\n${entries.join('\n')}\n</DL><p>\n`;
}

interface JobSpan {
  open: number;
  /** Epoch milliseconds of the first and the last job's end. */
  first_end: number | null;
  last_end: number | null;
}

async function enrichmentJobs(api: Harness): Promise<JobSpan> {
  const [row] = await api.db.rows<JobSpan>(sql`select
      count(*) filter (where state in ('queued', 'running'))::int as open,
      (extract(epoch from min(updated_at) filter (where state in ('completed', 'failed'))) * 1000)::float8
        as first_end,
      (extract(epoch from max(updated_at) filter (where state in ('completed', 'failed'))) * 1000)::float8
        as last_end
    from jobs where queue = 'ingestion-enrichment'`);
  if (!row) throw new Error('no row');
  return row;
}

test('answers /healthz over HTTP while an import is being enriched, not only once the queue is empty', async ({
  api,
  origin,
}) => {
  const owner = await api.user('enrich_owner');
  const workspace = expectStatus<{ id: string }>(
    await api.as(owner).post('/workspaces', { name: 'Enrich' }),
    201,
  );
  const started = expectStatus<BookmarkImport>(
    await api
      .as(owner)
      .post(`/ingestion/bookmarks/workspace/${workspace.id}?file_name=many.html`, bookmarksFile(BOOKMARKS), {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      }),
    202,
  );

  // When each /healthz answer arrived (this machine's clock, as the database's now() is).
  const answeredAt: number[] = [];
  for (
    let jobs = await enrichmentJobs(api);
    jobs.open > 0 || jobs.last_end === null;
    jobs = await enrichmentJobs(api)
  ) {
    const response = await fetch(`${origin}/healthz`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    answeredAt.push(Date.now());
  }

  const done = await enrichmentJobs(api);
  const [counts] = await api.db.rows<{ quarantined: number }>(sql`select count(*)::int as quarantined
    from ingestion_submissions where bookmark_import_id = ${started.id} and status = 'quarantined'`);
  expect(counts?.quarantined).toBe(BOOKMARKS);
  const firstEnd = Number(done.first_end);
  const lastEnd = Number(done.last_end);
  // Answers between the first and the last job's end: the server answered while the queue ran.
  const during = answeredAt.filter((at) => at > firstEnd && at < lastEnd);
  expect(
    during.length,
    `${answeredAt.length} answers, enrichment ${lastEnd - firstEnd} ms`,
  ).toBeGreaterThanOrEqual(3);
});
