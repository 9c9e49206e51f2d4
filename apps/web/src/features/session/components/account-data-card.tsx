import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { deleteAccountSchema } from '@stackyard/contracts/account';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { StatusScreen } from '@/components/status-screen';
import { paths } from '@/config/paths';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useDeleteAccount, useDeletionPreview } from '../api/delete-account';
import { useAccountExport } from '../api/export-account';
import { SettingRow as Row } from './setting-row';

/** The contract's check, and the preview's confirmation typed in any case (the submit button waits for it). */
const confirmationSchema = (expected: string) =>
  deleteAccountSchema.refine(({ confirmation }) => confirmation.toLowerCase() === expected.toLowerCase(), {
    path: ['confirmation'],
    message: `Type ${expected} to confirm`,
  });

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const preview = useDeletionPreview(open);
  const remove = useDeleteAccount({ onDeleted: () => navigate(paths.home.getHref(), { replace: true }) });
  const expected = preview.data?.confirmation ?? '';
  const checks = confirmationSchema(expected);
  const form = useCheckedForm(checks, { confirmation: '' });
  const matches = checks.safeParse(form.values).success;

  const submit = form.handleSubmit(async ({ confirmation }) => {
    remove.mutate(confirmation);
  });

  return (
    <Dialog open={open} onClose={onClose} title="Delete your account?">
      {preview.isPending ? (
        <StatusScreen text="Loading..." />
      ) : preview.isError ? (
        <Alert>Could not check your account: {preview.error.message}</Alert>
      ) : preview.data.shared_workspaces.length > 0 ? (
        <div className="flex flex-col gap-4">
          <Alert>
            You own workspaces that other people are members of. Transfer their ownership to another member
            (or remove the other members) before you delete your account.
          </Alert>
          <ul className="flex flex-col gap-2 text-sm">
            {preview.data.shared_workspaces.map((workspace) => (
              <li key={workspace.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-zinc-950">
                  {workspace.name}{' '}
                  <span className="font-normal text-zinc-600">
                    ({workspace.other_members} other {workspace.other_members === 1 ? 'member' : 'members'})
                  </span>
                </span>
                <Link
                  className="text-zinc-700 underline underline-offset-4"
                  to={paths.settings.root.getHref('workspace', workspace.id)}
                  onClick={onClose}
                >
                  Members of {workspace.name}
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex justify-end">
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-sm text-zinc-700">
            This deletes your profile, your sign-in, your access tokens, your comments in other people&apos;s
            workspaces and your memberships. It cannot be undone: export your data first if you want a copy.
          </p>
          {preview.data.workspaces_to_delete.length > 0 && (
            <div className="text-sm text-zinc-700">
              These workspaces of yours are deleted with everything in them:
              <ul className="mt-1 list-disc pl-5">
                {preview.data.workspaces_to_delete.map((workspace) => (
                  <li key={workspace.id}>{workspace.name}</li>
                ))}
              </ul>
            </div>
          )}
          <FormField label={`Type ${expected} to confirm`} error={form.errors.confirmation}>
            <Input autoComplete="off" {...form.field('confirmation')} />
          </FormField>
          {remove.isError && <Alert>{remove.error.message}</Alert>}
          <DialogFormActions
            onCancel={onClose}
            label="Delete my account"
            pendingLabel="Deleting..."
            pending={remove.isPending}
            disabled={!matches}
            tone="danger"
          />
        </form>
      )}
    </Dialog>
  );
}

/** Settings → Account, the Data card: export everything as JSON, or delete the account. */
export function AccountDataCard() {
  const exporter = useAccountExport();
  const [deleting, setDeleting] = useState(false);
  const day = new Date().toISOString().slice(0, 10);
  return (
    <section className="rounded-xl border border-zinc-200 p-5">
      <h3 className="font-semibold text-zinc-950">Data</h3>
      <div className="mt-4 flex flex-col gap-3">
        <Row text="Download your profile, the workspaces you own and your comments as JSON.">
          <Button
            variant="outline"
            size="sm"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate(`stackyard-export-${day}.json`)}
          >
            {exporter.isPending ? 'Exporting...' : 'Export Data'}
          </Button>
        </Row>
        {exporter.isError && <Alert>Could not export your data: {exporter.error.message}</Alert>}
        <Row text="See how much you store.">
          <Button variant="outline" size="sm" disabled>
            View Usage
          </Button>
        </Row>
        <Row text="Remove your account and its data.">
          <Button variant="outline" size="sm" className="text-red-700" onClick={() => setDeleting(true)}>
            Delete Account
          </Button>
        </Row>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
