import { useState } from 'react';
import { STACK_EXPORT_FORMATS, STACK_EXPORT_PATHS } from '@stackyard/contracts/stack';
import { storeExportSettingsSchema, type StoreExportSettings } from '@stackyard/contracts/store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { checkedRequest, useCheckedForm } from '@/lib/use-checked-form';
import { useStoreHealth } from '../api/get-store-health';
import { useSaveStoreExport, useStoreExport } from '../api/store-export';

type ExportFilesCardProps = { workspaceId: string; canConfigure: boolean };

/** The switch that makes each sync write the AI export files, the files chosen, and those it left alone. */
export function ExportFilesCard({ workspaceId, canConfigure }: ExportFilesCardProps) {
  const settings = useStoreExport(workspaceId);
  // Out here: saving refreshes the settings, and the form starts over from them.
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="rounded-xl border border-zinc-200 p-5" aria-labelledby="storage-export">
      <h2 id="storage-export" className="font-semibold text-zinc-950">
        AI export files
      </h2>
      <p className="mt-1 text-sm text-zinc-600">
        Write <code>AGENTS.md</code>, <code>CLAUDE.md</code>, Cursor rules and the other AI-assistant files
        into the repository with each sync, generated from the workspace&apos;s stack. A file someone edited
        in the repository is never overwritten.
      </p>
      {settings.isPending ? (
        <p className="mt-3 text-sm text-zinc-600">Loading...</p>
      ) : settings.isError ? (
        <Alert className="mt-3">Error loading the export files: {settings.error.message}</Alert>
      ) : (
        <ExportForm
          key={JSON.stringify(settings.data)}
          workspaceId={workspaceId}
          saved={settings.data}
          canConfigure={canConfigure}
          onNotice={setNotice}
        />
      )}
      {notice ? (
        <Alert tone="success" className="mt-3" data-testid="storage-export-notice">
          {notice}
        </Alert>
      ) : null}
      <Conflicts workspaceId={workspaceId} />
    </section>
  );
}

// Ticked files come in the order they were ticked; the API keeps them in the registry's order, as sent here.
const exportChecks = checkedRequest(
  storeExportSettingsSchema,
  ({ enabled, formats }: { enabled: boolean; formats: readonly string[] }) => ({
    enabled,
    formats: STACK_EXPORT_FORMATS.filter((format) => formats.includes(format)),
  }),
);

function ExportForm({
  workspaceId,
  saved,
  canConfigure,
  onNotice: setNotice,
}: {
  workspaceId: string;
  saved: StoreExportSettings;
  canConfigure: boolean;
  onNotice: (notice: string | null) => void;
}) {
  const form = useCheckedForm(exportChecks, { enabled: saved.enabled, formats: saved.formats });
  const save = useSaveStoreExport(workspaceId);

  const submit = form.handleSubmit(async (settings) => {
    setNotice(null);
    // mutateAsync, not mutate's callbacks: saving refetches the settings, which remounts this form (its key),
    // and a remounted form's mutate callbacks are never called. The notice lives in the card, which stays.
    const result = await save.mutateAsync(settings);
    setNotice(
      result.enabled
        ? 'Saved. The next sync writes the chosen files.'
        : 'Saved. Syncs no longer write the export files; those already in the repository stay.',
    );
  });
  // The contract's one check a tick can fail: switched on with no file chosen.
  const incomplete = !exportChecks.safeParse(form.values).success;

  return (
    <form
      className="mt-3 flex flex-col gap-3 text-sm"
      onSubmit={submit}
      // A change to any of its inputs (they bubble here) takes back the last save's notice.
      onChange={() => setNotice(null)}
    >
      <label className="flex items-center gap-2 font-medium text-zinc-900">
        <input {...form.checkbox('enabled')} role="switch" disabled={!canConfigure} />
        Write the AI export files on each sync
      </label>
      <fieldset disabled={!canConfigure || !form.values.enabled}>
        <legend className="text-zinc-600">Files</legend>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {STACK_EXPORT_FORMATS.map((format) => (
            <li key={format} className="flex items-center gap-2">
              <input id={`storage-export-${format}`} {...form.choice('formats', format)} />
              <label htmlFor={`storage-export-${format}`} className="font-mono break-all">
                {STACK_EXPORT_PATHS[format]}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {incomplete ? <p className="text-zinc-600">Choose at least one file to write.</p> : null}
      {canConfigure ? (
        <div>
          <Button type="submit" disabled={save.isPending || incomplete}>
            {save.isPending ? 'Saving...' : 'Save export files'}
          </Button>
        </div>
      ) : null}
      {save.isError ? <Alert>{save.error.message}</Alert> : null}
    </form>
  );
}

function Conflicts({ workspaceId }: { workspaceId: string }) {
  const health = useStoreHealth(workspaceId);
  const conflicts = health.data?.export_conflicts ?? [];
  if (conflicts.length === 0) return null;
  return (
    <Alert className="mt-4" data-testid="storage-export-conflicts">
      <p className="font-medium">The last sync left these files alone:</p>
      <ul className="mt-2 flex flex-col gap-2">
        {conflicts.map((conflict) => (
          <li key={conflict.path}>
            <code>{conflict.path}</code>: {conflict.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
