import { useState } from 'react';
import { z } from 'zod';
import type { CreatedAccessToken } from '@stackyard/contracts/access-token';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { bodyFieldError } from '@/lib/body-field-error';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useCreateAccessToken } from '../api/create-access-token';
import { CopyButton } from './copy-button';

export interface WorkspaceChoice {
  id: string;
  name: string;
}

// The choices the selects offer; the name is checked by the browser (required) and by the API.
const tokenFormSchema = z.object({
  name: z.string(),
  scope: z.enum(['read', 'read_write']),
  workspace_id: z.string(),
  expiry: z.enum(['30', '90', '365', 'none']),
});

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
  const form = useCheckedForm(tokenFormSchema, {
    name: defaultName,
    scope: 'read',
    workspace_id: '',
    expiry: '90',
  });
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);

  const submit = form.handleSubmit(async ({ name, scope, workspace_id, expiry }) => {
    const token = await create.mutateAsync({
      name,
      scope,
      workspace_id: workspace_id || null,
      expires_in_days: expiry === 'none' ? null : (Number(expiry) as 30 | 90 | 365),
    });
    setCreated(token);
    onCreated?.(token);
  });

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="Create an access token">
        <FormField
          label="Name"
          error={bodyFieldError(create.error, 'name')}
          hint="What it is for, e.g. Claude Code on my laptop"
        >
          <Input maxLength={100} required {...form.field('name')} />
        </FormField>
        <FormField label="Scope">
          <Select {...form.field('scope')}>
            <option value="read">Read only</option>
            <option value="read_write">Read and write</option>
          </Select>
        </FormField>
        <FormField label="Workspace">
          <Select choices={workspaces} {...form.field('workspace_id')}>
            <option value="">All my workspaces</option>
          </Select>
        </FormField>
        <FormField label="Expires">
          <Select {...form.field('expiry')}>
            <option value="30">In 30 days</option>
            <option value="90">In 90 days</option>
            <option value="365">In a year</option>
            <option value="none">Never</option>
          </Select>
        </FormField>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create token'}
          </Button>
        </div>
      </form>
      {create.error && !bodyFieldError(create.error, 'name') && <Alert>{create.error.message}</Alert>}
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
