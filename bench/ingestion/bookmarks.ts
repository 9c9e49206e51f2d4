// The time to import a 10,000-bookmark Netscape file (generated: 40 folders two deep, some duplicates and
// bookmarklets) into a workspace on PGlite in a temporary data directory, without fetching: parsing, then
// the import job (resources, folder tags, dedupe, enrichment submissions and jobs, progress counters).
// Baseline: the same 10,000 resources written by bare multi-row INSERTs in batches of the same size, in the
// same run, so the ratio says what dedupe, tags and the enrichment queue cost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { BATCH_SIZE, runBookmarkImport } from '@stackyard/api/bookmarks/import-bookmarks';
import type { PayloadBookmark } from '@stackyard/api/jobs/queues';
import { insertWorkspace } from '@stackyard/api/workspaces/workspaces.repo';
import { createDb } from '@stackyard/db/client';
import { bookmarkImports, resources } from '@stackyard/db/schema';
import { compactBookmark } from '@stackyard/ingestion/bookmarks-file';
import { parseBookmarksFile } from '@stackyard/ingestion/bookmarks-file-reader';

export const BOOKMARKS = 10_000;

export function generateBookmarksFile(count: number): string {
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  const perFolder = Math.ceil(count / 40);
  let written = 0;
  for (let top = 0; top < 8 && written < count; top++) {
    lines.push(`<DT><H3>Area ${top}</H3>`, '<DL><p>');
    for (let sub = 0; sub < 5 && written < count; sub++) {
      lines.push(`<DT><H3>Topic ${top}.${sub} &amp; more</H3>`, '<DL><p>');
      for (let i = 0; i < perFolder && written < count; i++, written++) {
        // Every 50th is a duplicate of an earlier one (tracking parameters), every 200th a bookmarklet.
        const url =
          written % 200 === 199
            ? 'javascript:void(0)'
            : written % 50 === 49
              ? `https://site-${written - 1}.example/page?utm_source=x`
              : `https://site-${written}.example/page`;
        lines.push(
          `<DT><A HREF="${url}" ADD_DATE="${1_600_000_000 + written}">Page ${written} &lt;x&gt;</A>`,
        );
        if (written % 10 === 0) lines.push(`<DD>Description of page ${written}`);
      }
      lines.push('</DL><p>');
    }
    lines.push('</DL><p>');
  }
  lines.push('</DL><p>');
  return lines.join('\n');
}

export interface ImportTimes {
  bytes: number;
  parseMs: number;
  importMs: number;
  imported: number;
  duplicates: number;
  skipped: number;
  baselineMs: number;
}

export async function measureBookmarkImport(count = BOOKMARKS): Promise<ImportTimes> {
  const file = generateBookmarksFile(count);
  const dir = mkdtempSync(join(tmpdir(), 'stackyard-bench-bookmarks-'));
  const handle = await createDb({ dataDir: dir });
  try {
    await handle.migrate();
    const db = handle.db;
    const ownerId = randomUUID();
    // With the owner's membership, as the API makes them: the import writes only for a member who may.
    const workspaceId = await insertWorkspace(db, {
      ownerId,
      name: 'Bench',
      slug: 'bench',
      description: null,
    });
    const otherId = await insertWorkspace(db, {
      ownerId,
      name: 'Baseline',
      slug: 'baseline',
      description: null,
    });

    const parseStarted = performance.now();
    const parsed = parseBookmarksFile(file);
    const parseMs = performance.now() - parseStarted;
    const bookmarks: PayloadBookmark[] = parsed.map(compactBookmark);
    const [row] = await db
      .insert(bookmarkImports)
      .values({ workspaceId, importedByUserId: ownerId, total: bookmarks.length })
      .returning();
    if (!row) throw new Error('no import');

    const importStarted = performance.now();
    await runBookmarkImport(
      db,
      { enrich: true, enrichmentMaxAttempts: 5 },
      { importId: row.id, bookmarks },
      new AbortController().signal,
    );
    const importMs = performance.now() - importStarted;
    const [done] = await db.select().from(bookmarkImports);
    if (!done || done.status !== 'completed') throw new Error(`import ended ${done?.status}`);

    const baselineStarted = performance.now();
    for (let offset = 0; offset < parsed.length; offset += BATCH_SIZE) {
      await db.insert(resources).values(
        parsed.slice(offset, offset + BATCH_SIZE).map((bookmark, index) => ({
          workspaceId: otherId,
          fingerprint: createHash('sha256')
            .update(`${offset + index}:${bookmark.url}`)
            .digest('hex'),
          rawSubmittedUrl: bookmark.url,
          extractedTitle: bookmark.title,
          extractedDescription: bookmark.description,
        })),
      );
    }
    const baselineMs = performance.now() - baselineStarted;
    return {
      bytes: Buffer.byteLength(file),
      parseMs,
      importMs,
      imported: done.imported,
      duplicates: done.duplicates,
      skipped: done.skipped.length,
      baselineMs,
    };
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
