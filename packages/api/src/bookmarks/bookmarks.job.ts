import type { Database } from '@stackyard/db/client';
import type { JobLog, JobWorker } from '@stackyard/db/job-queue';
import { createQueueWorker } from '@stackyard/jobs/queue';
import { bookmarkImportQueue } from '../jobs/queues.ts';
import { failBookmarkImport, runBookmarkImport, type BookmarkImportSettings } from './import-bookmarks.ts';

// The import job: one per bookmarks file, on its own queue, one at a time.

export function createBookmarkImportWorker(
  db: Database,
  settings: BookmarkImportSettings & { pollMs: number },
  log: JobLog,
): JobWorker {
  return createQueueWorker(db, bookmarkImportQueue, {
    pollMs: settings.pollMs,
    log,
    handle: (payload, signal) => runBookmarkImport(db, settings, payload, signal),
    async giveUp({ importId }, error, job) {
      log.error({ jobId: job.id, err: error }, 'bookmark import failed');
      await failBookmarkImport(db, importId);
    },
  });
}
