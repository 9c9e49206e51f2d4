import { z } from 'zod';
import { accessTokenScopeSchema, type AccessTokenScope } from '@stackyard/contracts/access-token';
import type { OAuthAuthorization, OAuthDecision } from '@stackyard/contracts/oauth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCheckedForm } from '@/lib/use-checked-form';

interface ConsentFormProps {
  authorization: OAuthAuthorization;
  workspaces: Array<{ id: string; name: string }>;
  pending: boolean;
  error: string | null;
  onDecide: (decision: OAuthDecision) => void;
}

const scopes: Array<{ value: AccessTokenScope; label: string; hint: string }> = [
  { value: 'read', label: 'Read only', hint: 'Search and read tools, resources, projects and your stack.' },
  {
    value: 'read_write',
    label: 'Read and write',
    hint: 'Also add and change what your role in each workspace allows.',
  },
];

const consentSchema = z.object({
  scope: accessTokenScopeSchema,
  workspace_ids: z.array(z.string()).min(1, 'Choose at least one workspace'),
});

/**
 * What an MCP client asks for and what the user allows: the client's self-declared name is untrusted, so
 * the host its answer goes to stands beside it.
 */
export function ConsentForm({ authorization, workspaces, pending, error, onDecide }: ConsentFormProps) {
  const form = useCheckedForm(consentSchema, {
    scope: authorization.requested_scope,
    workspace_ids: workspaces.map(({ id }) => id),
  });
  const allow = form.handleSubmit(async ({ scope, workspace_ids }) => {
    // In the order the workspaces are listed, whatever the order they were ticked in.
    onDecide({
      allow: true,
      scope,
      workspace_ids: workspaces.map(({ id }) => id).filter((id) => workspace_ids.includes(id)),
    });
  });
  return (
    <form
      onSubmit={(event) => void allow(event)}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Allow access"
    >
      <p className="text-zinc-700">
        <strong className="text-zinc-950">{authorization.client_name}</strong> wants to use stackyard as you.
        It will be sent back to{' '}
        <strong className="break-all text-zinc-950">{authorization.redirect_host}</strong>. Allow it only if
        you started connecting this app yourself.
      </p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold text-zinc-950">What it may do</legend>
        {scopes.map((option) => (
          <label key={option.value} className="flex items-start gap-3 rounded-lg border border-zinc-200 p-3">
            <input className="mt-1" {...form.radio('scope', option.value)} />
            <span>
              <span className="block font-medium text-zinc-950">{option.label}</span>
              <span className="block text-sm text-zinc-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold text-zinc-950">Which workspaces</legend>
        {workspaces.map((workspace) => (
          <label key={workspace.id} className="flex items-center gap-3 rounded-lg border border-zinc-200 p-3">
            <input {...form.choice('workspace_ids', workspace.id)} />
            <span className="min-w-0 break-words text-zinc-950">{workspace.name}</span>
          </label>
        ))}
      </fieldset>
      {form.errors.workspace_ids && <Alert>{form.errors.workspace_ids}</Alert>}
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending}>
          Allow
        </Button>
        <Button variant="outline" disabled={pending} onClick={() => onDecide({ allow: false })}>
          Deny
        </Button>
      </div>
    </form>
  );
}
