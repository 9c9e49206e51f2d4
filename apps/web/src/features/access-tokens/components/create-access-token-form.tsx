import { useState, type FormEvent } from 'react';
import type { AccessTokenScope, CreatedAccessToken } from '@stackyard/contracts/access-token';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useCreateAccessToken } from '../api/create-access-token';
import { CopyButton } from './copy-button';

export interface WorkspaceChoice {
  id: string;
  name: string;
}

const selectClass =
  'h-9 rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-zinc-900';

/** Create a token; its secret is shown once, here, with a copy button. */
export function CreateAccessTokenForm({
  workspaces,
  defaultName = '',
  onCreated,
}: {
  workspaces: WorkspaceChoice[];
  defaultName?: string;
  onCreated?: (token: CreatedAccessToken) => void;
}) {
  const create = useCreateAccessToken();
  const [name, setName] = useState(defaultName);
  const [scope, setScope] = useState<AccessTokenScope>('read');
  const [workspaceId, setWorkspaceId] = useState('');
  const [expiry, setExpiry] = useState('90');
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        name,
        scope,
        workspace_id: workspaceId || null,
        expires_in_days: expiry === 'none' ? null : (Number(expiry) as 30 | 90 | 365),
      },
      {
        onSuccess: (token) => {
          setCreated(token);
          onCreated?.(token);
        },
      },
    );
  };
  const fieldError = (field: string) =>
    create.error instanceof ApiError
      ? create.error.problem?.errors?.find((error) => error.pointer === `/body/${field}`)?.detail
      : undefined;

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="Create an access token">
        <FormField
          label="Name"
          error={fieldError('name')}
          hint="What it is for, e.g. Claude Code on my laptop"
        >
          <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={100} required />
        </FormField>
        <FormField label="Scope">
          <select
            className={selectClass}
            value={scope}
            onChange={(event) => setScope(event.target.value as AccessTokenScope)}
          >
            <option value="read">Read only</option>
            <option value="read_write">Read and write</option>
          </select>
        </FormField>
        <FormField label="Workspace">
          <select
            className={selectClass}
            value={workspaceId}
            onChange={(event) => setWorkspaceId(event.target.value)}
          >
            <option value="">All my workspaces</option>
            {workspaces.map((workspace) => (
              <option key={workspace.id} value={workspace.id}>
                {workspace.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Expires">
          <select className={selectClass} value={expiry} onChange={(event) => setExpiry(event.target.value)}>
            <option value="30">In 30 days</option>
            <option value="90">In 90 days</option>
            <option value="365">In a year</option>
            <option value="none">Never</option>
          </select>
        </FormField>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create token'}
          </Button>
        </div>
      </form>
      {create.error && !fieldError('name') && <Alert>{create.error.message}</Alert>}
      {created && (
        <Alert tone="success">
          <p className="font-medium">Copy your new token now: it will not be shown again.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code
              className="rounded bg-white px-2 py-1 font-mono text-sm break-all text-zinc-900"
              data-testid="new-token"
            >
              {created.token}
            </code>
            <CopyButton text={created.token} />
          </div>
        </Alert>
      )}
    </div>
  );
}
