import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useClaimUsername } from '../api/claim-username';
import { useUsernameCheck } from '../api/check-username';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { localUsernameCheck, messages, USERNAME_CHECK_DEBOUNCE_MS } from '../lib/username-check';

type Availability = 'unknown' | 'available' | 'not-available';

/** Open/closed; availability checked 500 ms after typing stops; the form's and the API's own messages. */
export function UsernameChange({ current }: { current: string | null | undefined }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const claim = useClaimUsername();
  const debounced = useDebouncedValue(typed, USERNAME_CHECK_DEBOUNCE_MS);
  const settled = debounced === typed;
  const local = localUsernameCheck(debounced, current);
  const candidate = 'username' in local && typed !== '' ? local.username : null;
  const check = useUsernameCheck(candidate);

  let availability: Availability = 'unknown';
  if (settled && candidate && check.data) availability = check.data.available ? 'available' : 'not-available';

  let error: string | undefined;
  if (settled && typed !== '' && 'error' in local) error = local.error;
  else if (settled && check.isError) error = messages.checkFailed;
  else if (availability === 'not-available') error = check.data?.reason ?? messages.notAvailable;

  const close = () => {
    setOpen(false);
    setTyped('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const verdict = localUsernameCheck(typed, current);
    if ('error' in verdict) return setResult({ tone: 'error', text: verdict.error });
    if (availability === 'not-available') return setResult({ tone: 'error', text: messages.taken });
    try {
      await claim.mutateAsync(verdict.username);
      setResult({ tone: 'success', text: messages.updated });
      close();
    } catch (caught) {
      // The problem's detail when the API gave one, else this form's own message.
      const detail = caught instanceof ApiError ? caught.problem?.detail : undefined;
      setResult({ tone: 'error', text: detail ?? messages.updateFailed });
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
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
        <form noValidate onSubmit={submit} className="flex flex-col gap-3">
          <FormField
            label="New username"
            error={error}
            hint={
              availability === 'available' ? (
                <span className="text-emerald-700">Username is available</span>
              ) : undefined
            }
          >
            <Input
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value.toLowerCase())}
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
