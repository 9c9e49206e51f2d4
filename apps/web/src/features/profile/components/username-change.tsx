import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { UsernameInput } from '@/components/username-input';
import { ApiError } from '@/lib/api-client';
import { useClaimUsername } from '../api/claim-username';
import { useUsernameCheck } from '../api/check-username';
import { useCheckedForm, type CheckableSchema } from '@/lib/use-checked-form';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { localUsernameCheck, messages, USERNAME_CHECK_DEBOUNCE_MS } from '../lib/username-check';

type Availability = 'unknown' | 'available' | 'not-available';

/** The form's check on submit: the same local rules the live check shows as the name is typed. */
const localRules = (current: string | null | undefined): CheckableSchema<{ username: string }> => ({
  safeParse(values) {
    const verdict = localUsernameCheck((values as { username: string }).username, current);
    if ('error' in verdict) {
      return { success: false, error: { issues: [{ path: ['username'], message: verdict.error }] } };
    }
    return { success: true, data: verdict };
  },
});

/** The problem's detail when the API gave one, else this form's own message. */
const failureText = (failure: Error) =>
  (failure instanceof ApiError ? failure.problem?.detail : undefined) ?? messages.updateFailed;

/** Open/closed; availability checked 500 ms after typing stops; the form's and the API's own messages. */
export function UsernameChange({ current }: { current: string | null | undefined }) {
  const [open, setOpen] = useState(false);
  const form = useCheckedForm(localRules(current), { username: '' });
  const typed = form.values.username;
  const [updated, setUpdated] = useState(false);
  const claim = useClaimUsername();
  const debounced = useDebouncedValue(typed, USERNAME_CHECK_DEBOUNCE_MS);
  const settled = debounced === typed;
  const local = localUsernameCheck(debounced, current);
  const candidate = 'username' in local && typed !== '' ? local.username : null;
  const check = useUsernameCheck(candidate);

  let availability: Availability = 'unknown';
  if (settled && candidate && check.data) availability = check.data.available ? 'available' : 'not-available';

  let error: string | undefined;
  if (form.errors.username) error = form.errors.username;
  else if (settled && typed !== '' && 'error' in local) error = local.error;
  else if (settled && check.isError) error = messages.checkFailed;
  else if (availability === 'not-available') error = check.data?.reason ?? messages.notAvailable;

  // What the last save said stays shown after Cancel, until the next save.
  const close = () => {
    setOpen(false);
    form.setValue('username', '');
  };

  const submit = form.handleSubmit(async ({ username }) => {
    setUpdated(false);
    await claim.mutateAsync(username);
    setUpdated(true);
    close();
  });

  return (
    <div className="flex flex-col gap-3">
      {updated && <Alert tone="success">{messages.updated}</Alert>}
      {form.failure && <Alert tone="error">{failureText(form.failure)}</Alert>}
      {!open ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-zinc-700">
            Username: <span className="font-medium text-zinc-950">{current ?? '—'}</span>
          </p>
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            Change username
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
          <FormField
            label="New username"
            error={error}
            hint={
              availability === 'available' ? (
                <span className="text-emerald-700">Username is available</span>
              ) : undefined
            }
          >
            <UsernameInput
              name="username"
              value={typed}
              onValue={(username) => form.setValue('username', username)}
            />
          </FormField>
          <div className="flex gap-2">
            <Button
              type="submit"
              size="sm"
              disabled={claim.isPending || !settled || availability !== 'available'}
            >
              Save username
            </Button>
            <Button variant="ghost" size="sm" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
