import { useId, useState } from 'react';
import {
  BOOKMARKS_FILE_MAX_BYTES,
  type BookmarkImport,
  type SkippedBookmark,
} from '@stackyard/contracts/bookmarks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useCheckedForm, type CheckableSchema } from '@/lib/use-checked-form';
import { useBookmarkImports, useRefreshResourcesWhenDone } from '../api/get-bookmark-imports';
import { useImportBookmarks, type UploadProgress } from '../api/import-bookmarks';

const MAX_MB = Math.round(BOOKMARKS_FILE_MAX_BYTES / (1024 * 1024));
/** A report of 10,000 skipped lines would bury the page; the first ones tell the story. */
const SKIPPED_SHOWN = 100;

const reasonText: Record<string, string> = {
  invalid_url: 'not a valid URL',
  unsupported_scheme: 'not a web address (only http and https links are imported)',
  duplicate: 'already in this workspace, or earlier in the file',
  too_long: 'the URL is longer than 2048 characters',
  private:
    'marked private in the file (tick "Include private bookmarks" to import it, shared with the workspace)',
};

function fileProblem(file: File | null): string | null {
  if (!file) return 'Choose a bookmarks file.';
  if (!/\.html?$/i.test(file.name) && file.type !== 'text/html') {
    return 'Choose an HTML file: bookmark exports end in .html.';
  }
  if (file.size > BOOKMARKS_FILE_MAX_BYTES) return `The file is larger than ${MAX_MB} MB.`;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

type ImportValues = { file: File | null; includePrivate: boolean };
const NOTHING_CHOSEN: ImportValues = { file: null, includePrivate: false };

/** The form's check on submit: a file, and one that looks like a bookmarks export. */
const importChecks: CheckableSchema<{ file: File; includePrivate: boolean }> = {
  safeParse(values) {
    const { file, includePrivate } = values as ImportValues;
    const problem = fileProblem(file);
    if (!file || problem) {
      return { success: false, error: { issues: [{ path: ['file'], message: problem ?? '' }] } };
    }
    return { success: true, data: { file, includePrivate } };
  },
};

/** Import a Netscape bookmarks file as resources (its folders become tags), then follow the import. */
export function BookmarksImport({ workspaceId }: { workspaceId: string }) {
  const headingId = useId();
  const form = useCheckedForm(importChecks, NOTHING_CHOSEN);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [startedId, setStartedId] = useState<string | null>(null);
  const upload = useImportBookmarks(workspaceId);
  const imports = useBookmarkImports(workspaceId);
  const started = startedId ? (imports.data?.find((entry) => entry.id === startedId) ?? upload.data) : null;
  const shown = started ?? imports.data?.[0] ?? null;
  useRefreshResourcesWhenDone(workspaceId, shown);

  const submit = form.handleSubmit(async ({ file, includePrivate }) => {
    setStartedId(null);
    setProgress({ loaded: 0, total: file.size });
    upload.mutate(
      { file, onProgress: setProgress, includePrivate },
      {
        onSuccess: (created) => {
          setStartedId(created.id);
          form.setValue('file', null);
        },
        onSettled: () => setProgress(null),
      },
    );
  });

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-zinc-200 bg-white p-5 shadow-xs">
      <h2 id={headingId} className="text-lg font-semibold text-zinc-950">
        Import bookmarks
      </h2>
      <p className="mt-1 text-sm text-zinc-600">
        A bookmarks HTML file as browsers, Raindrop, Karakeep and linkding export it. Each bookmark becomes a
        resource and its folders become tags; titles and descriptions are fetched afterwards, in the
        background.
      </p>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <FormField
            label="Bookmarks file"
            error={form.errors.file}
            hint={`An .html file of up to ${MAX_MB} MB.`}
          >
            <input
              {...form.file('file')}
              accept=".html,.htm,text/html"
              className="block w-full text-sm text-zinc-700 file:mr-3 file:h-9 file:rounded-lg file:border file:border-zinc-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-zinc-900 hover:file:bg-zinc-50"
            />
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-800 sm:mb-8">
          <input {...form.checkbox('includePrivate')} className="size-4 accent-zinc-900" />
          Include private bookmarks
        </label>
        <Button type="submit" disabled={upload.isPending} className="sm:mb-6">
          {upload.isPending ? 'Uploading...' : 'Import'}
        </Button>
      </form>
      {progress && <UploadBar progress={progress} />}
      {upload.error && <Alert className="mt-3">The import could not start: {upload.error.message}</Alert>}
      {imports.isError && !shown && (
        <Alert className="mt-3">Error loading bookmark imports: {imports.error.message}</Alert>
      )}
      {shown && <ImportReport entry={shown} latest={!started} />}
    </section>
  );
}

function UploadBar({ progress }: { progress: UploadProgress }) {
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const labelId = useId();
  return (
    <div className="mt-3">
      <p id={labelId} className="text-sm text-zinc-700">
        Uploading: {percent}%
      </p>
      <progress
        aria-labelledby={labelId}
        value={progress.loaded}
        max={Math.max(progress.total, 1)}
        className="mt-1 h-2 w-full"
      />
    </div>
  );
}

function ImportReport({ entry, latest }: { entry: BookmarkImport; latest: boolean }) {
  const labelId = useId();
  const privateOnes = entry.skipped.filter((skipped) => skipped.reason === 'private').length;
  const skippedOther = entry.skipped.length - entry.duplicates - privateOnes;
  const processed = entry.imported + entry.skipped.length;
  const name = entry.file_name ?? 'bookmarks file';
  return (
    <div
      className="mt-4 rounded-lg border border-zinc-200 bg-zinc-50 p-4"
      aria-labelledby={labelId}
      role="group"
    >
      <p id={labelId} className="text-sm font-medium text-zinc-900">
        {latest ? 'Last import' : 'Import'}: {name}
      </p>
      <div role="status" aria-live="polite" className="mt-1 text-sm text-zinc-700">
        {entry.status === 'running' && (
          <>
            <p>
              Importing: {processed} of {entry.total || '?'} bookmarks...
            </p>
            <progress
              aria-label="Import progress"
              value={processed}
              max={Math.max(entry.total, 1)}
              className="mt-1 h-2 w-full"
            />
          </>
        )}
        {entry.status === 'completed' && entry.total === 0 && (
          <p>Nothing to import: the file holds no bookmarks.</p>
        )}
        {entry.status === 'completed' && entry.total > 0 && (
          <p>
            Imported {entry.imported} of {entry.total} bookmarks.
            {entry.duplicates > 0 &&
              ` ${entry.duplicates} ${entry.duplicates === 1 ? 'was' : 'were'} already here.`}
            {privateOnes > 0 &&
              ` ${privateOnes} marked private ${privateOnes === 1 ? 'was' : 'were'} left out.`}
            {skippedOther > 0 && ` ${skippedOther} could not be imported.`}
          </p>
        )}
        {entry.status === 'failed' && (
          // The error is whole sentences, its own full stop included.
          <p className="text-red-800">The import failed: {entry.error ?? 'no reason given.'}</p>
        )}
      </div>
      {entry.skipped.length > 0 && <SkippedList skipped={entry.skipped} />}
    </div>
  );
}

function SkippedList({ skipped }: { skipped: SkippedBookmark[] }) {
  const shown = skipped.slice(0, SKIPPED_SHOWN);
  return (
    <details className="mt-3" open={skipped.length <= 10}>
      <summary className="cursor-pointer text-sm font-medium text-zinc-900">
        Skipped bookmarks ({skipped.length})
      </summary>
      <ul className="mt-2 flex flex-col gap-1.5 text-sm">
        {shown.map((bookmark, index) => (
          <li key={`${index}-${bookmark.url}`} className="text-zinc-700 wrap-anywhere">
            <span className="font-medium text-zinc-900">{bookmark.title || bookmark.url}</span>
            {bookmark.title && <span className="text-zinc-500"> ({bookmark.url})</span>}:{' '}
            {reasonText[bookmark.reason] ?? bookmark.reason}
          </li>
        ))}
      </ul>
      {skipped.length > SKIPPED_SHOWN && (
        <p className="mt-2 text-sm text-zinc-600">and {skipped.length - SKIPPED_SHOWN} more.</p>
      )}
    </details>
  );
}
