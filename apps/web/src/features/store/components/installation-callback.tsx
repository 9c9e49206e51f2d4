import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useSaveInstallation } from '../api/save-installation';
import { installationIdFrom, workspaceIdFromState } from '../lib/install-state';

export const CALLBACK_MESSAGES = {
  missingInstallation: 'Missing installation ID. GitHub did not say which installation was made.',
  invalidState: 'Missing or invalid state. Start the installation again from the storage settings.',
  updateFailed: 'Failed to update the workspace storage with this installation.',
} as const;

/**
 * GitHub returns here with installation_id, setup_action and state, and (the app requests user
 * authorization during installation) a one-time `code` the server exchanges to check that the user may access
 * the installation. The storage update fires once when both the installation and the workspace are known (even
 * under StrictMode's double effects), then the storage page opens; each failure, a refusal by the server
 * included, is explained with the debug information a support request needs (the code itself is not shown).
 */
export function InstallationCallback() {
  const [searchParams] = useSearchParams();
  const rawInstallation = searchParams.get('installation_id');
  const setupAction = searchParams.get('setup_action');
  const rawState = searchParams.get('state');
  const code = searchParams.get('code') || null;
  const installationId = installationIdFrom(rawInstallation);
  const workspaceId = workspaceIdFromState(rawState);
  const save = useSaveInstallation();
  const fired = useRef<string | null>(null);

  useEffect(() => {
    if (installationId === null || workspaceId === null) return;
    const key = `${workspaceId}:${installationId}:${code ?? ''}`;
    if (fired.current === key) return;
    fired.current = key;
    save.mutate({ workspaceId, installationId, code });
  }, [installationId, workspaceId, code, save]);

  // An organization member without the right to install asked an owner to: GitHub sends no installation yet.
  if (setupAction === 'request' && rawInstallation === null) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col gap-4 py-12">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-950">GitHub installation requested</h1>
        <p className="text-sm text-zinc-700">
          An owner of the GitHub organization must approve the app first. Once they have, install it again
          from the storage settings to link a repository.
        </p>
        <BackLink workspaceId={workspaceId} />
      </div>
    );
  }

  const error =
    installationId === null
      ? CALLBACK_MESSAGES.missingInstallation
      : workspaceId === null
        ? CALLBACK_MESSAGES.invalidState
        : save.isError
          ? CALLBACK_MESSAGES.updateFailed
          : null;

  if (!error) {
    if (save.isSuccess && workspaceId) {
      return <Navigate to={paths.settings.workspaceStorage.getHref(workspaceId)} replace />;
    }
    return <StatusScreen text="Processing installation..." />;
  }

  const debug = {
    installation_id: rawInstallation,
    setup_action: setupAction,
    state: rawState,
    code: code === null ? null : 'received',
    workspace_id: workspaceId,
    error: save.error ? save.error.message : null,
  };
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 py-12">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-950">GitHub installation</h1>
      <Alert>
        <p className="font-medium">{error}</p>
        {save.error ? <p className="mt-1">{save.error.message}</p> : null}
      </Alert>
      <section>
        <h2 className="text-sm font-semibold text-zinc-900">Debug information</h2>
        <pre
          data-testid="callback-debug"
          // Scrollable when long: reachable by keyboard.
          tabIndex={0}
          aria-label="Debug information"
          className="mt-2 overflow-x-auto rounded-lg bg-zinc-100 p-3 text-xs text-zinc-800"
        >
          {JSON.stringify(debug, null, 2)}
        </pre>
      </section>
      <BackLink workspaceId={workspaceId} />
    </div>
  );
}

function BackLink({ workspaceId }: { workspaceId: string | null }) {
  return workspaceId ? (
    <a className="text-sm underline" href={paths.settings.workspaceStorage.getHref(workspaceId)}>
      Back to storage settings
    </a>
  ) : (
    <a className="text-sm underline" href={paths.settings.root.getHref('workspace')}>
      Back to workspace settings
    </a>
  );
}
