import type { SubmissionKind } from '@stackyard/contracts/ingestion';
import { bookmarkImports, ingestionSubmissions } from '@stackyard/db/schema';
import type { Executor } from '@stackyard/api/db';
import { fingerprintUrl } from '@stackyard/ingestion/fingerprint';
import { urlFingerprint } from './catalog-seed.ts';

// Ingestion rows written straight into the database, for tests that need one in a given state.

export async function seedSubmission(
  db: Executor,
  input: {
    workspaceId: string;
    userId: string;
    url: string;
    kind?: SubmissionKind;
    status?: 'quarantined' | 'failed' | 'completed' | 'pending';
  },
): Promise<string> {
  const status = input.status ?? 'quarantined';
  const fingerprinted = fingerprintUrl(input.url);
  const [row] = await db
    .insert(ingestionSubmissions)
    .values({
      workspaceId: input.workspaceId,
      kind: input.kind ?? 'tool',
      submittedUrl: input.url,
      submittedFingerprint: fingerprinted.ok ? fingerprinted.value.fingerprint : urlFingerprint(input.url),
      submittedByUserId: input.userId,
      status,
      quarantineContext:
        status === 'quarantined'
          ? { code: 'bot_challenge', message: 'The site answered with a bot check instead of the page.' }
          : null,
    })
    .returning({ id: ingestionSubmissions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function seedBookmarkImport(
  db: Executor,
  input: { workspaceId: string; userId: string },
): Promise<string> {
  const [row] = await db
    .insert(bookmarkImports)
    .values({
      workspaceId: input.workspaceId,
      importedByUserId: input.userId,
      fileName: 'bookmarks.html',
      status: 'completed',
      total: 1,
      imported: 1,
    })
    .returning({ id: bookmarkImports.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
