import { useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { WorkspaceListItem } from '@stackyard/contracts/workspace';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from '@/components/ui/link-button';
import { Wordmark } from '@/components/wordmark';
import { paths } from '@/config/paths';
import { TagChooser } from '@/features/catalog/components/tag-combobox';
import { useSubmitUrls } from '@/features/ingestions/api/submit-urls';
import { SaveDone } from '@/features/save-link/components/save-done';
import { SaveForm } from '@/features/save-link/components/save-form';
import { prefillOf, type SavePrefill } from '@/features/save-link/lib/prefill';
import { initialChoice, rememberChoice, type SaveChoice } from '@/features/save-link/lib/save-choice';
import { useSession } from '@/features/session/api/get-session';
import { useCurrentWorkspaceId } from '@/features/workspaces/lib/current-workspace';
import { canIn } from '@/lib/permissions';
import { useOnboardingStatus } from '../guards/use-onboarding';

/**
 * The save popup: the bookmarklet's small window and the PWA share target (POST /share answers
 * 303 here) land on /save?url=&title=&text=. A signed-out visitor signs in and comes back to it, prefilled.
 * Saving is a submission through the API like any other (tools or resources ingestion).
 */
export function SaveRoute() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) {
    return (
      <SaveFrame>
        <StatusScreen text="Loading authentication..." />
      </SaveFrame>
    );
  }
  if (!session.isAuthenticated) {
    return <Navigate to={paths.auth.login.getHref(`${location.pathname}${location.search}`)} replace />;
  }
  return (
    <SaveFrame>
      <SignedInSave />
    </SaveFrame>
  );
}

function SaveFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-white text-zinc-900">
      <DocumentTitle title="Save to stackyard" />
      <main className="mx-auto flex max-w-lg flex-col gap-5 px-4 py-6 sm:px-6">
        <header className="flex items-center justify-between gap-3">
          <Wordmark />
        </header>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-950">Save to stackyard</h1>
        {children}
      </main>
    </div>
  );
}

function SignedInSave() {
  const status = useOnboardingStatus();
  const [params] = useSearchParams();
  const prefill = useMemo(() => prefillOf(params), [params]);
  if (status.isLoading) return <StatusScreen text="Loading..." />;
  if (status.workspacesError)
    return <Alert>Error loading workspaces: {status.workspacesError.message}</Alert>;
  const writable = (status.workspaces ?? []).filter((workspace) => canIn(workspace, 'ingestion:submit'));
  if (writable.length === 0)
    return <NoWritableWorkspace hasWorkspaces={(status.workspaces ?? []).length > 0} />;
  return <SaveLink workspaces={writable} prefill={prefill} />;
}

function NoWritableWorkspace({ hasWorkspaces }: { hasWorkspaces: boolean }) {
  return (
    <div className="rounded-xl border border-zinc-200 p-5">
      <h2 className="font-semibold text-zinc-950">No workspace to save to</h2>
      <p className="mt-2 text-sm text-zinc-600">
        {hasWorkspaces
          ? 'You are a viewer in each of your workspaces. Ask an admin to make you an editor, or create a workspace of your own.'
          : 'Create a workspace first: links are saved into one.'}
      </p>
      <LinkButton
        className="mt-4"
        variant="outline"
        to={hasWorkspaces ? paths.settings.root.getHref('workspace') : paths.home.getHref()}
      >
        {hasWorkspaces ? 'Manage workspaces' : 'Open stackyard'}
      </LinkButton>
    </div>
  );
}

export function SaveLink({ workspaces, prefill }: { workspaces: WorkspaceListItem[]; prefill: SavePrefill }) {
  const [currentId] = useCurrentWorkspaceId();
  const [choice, setChoice] = useState<SaveChoice>(() =>
    initialChoice(
      workspaces.map((workspace) => workspace.id),
      currentId,
    ),
  );
  const workspace = workspaces.find((candidate) => candidate.id === choice.workspaceId) ?? workspaces[0];
  if (!workspace) throw new Error('SaveLink needs a workspace');
  const submit = useSubmitUrls(workspace.id);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<SaveChoice | null>(null);

  if (saved) {
    const owner = workspace.owner_username;
    return (
      <SaveDone
        workspaceName={workspace.name}
        kind={saved.kind}
        ingestionsHref={
          owner ? paths.workspace.toolIngestions.getHref(owner, workspace.slug, saved.kind) : null
        }
      />
    );
  }
  return (
    <SaveForm
      prefill={prefill}
      workspaces={workspaces.map(({ id, name }) => ({ id, name }))}
      workspaceId={workspace.id}
      onWorkspaceChange={(workspaceId) => setChoice({ ...choice, workspaceId })}
      kind={choice.kind}
      onKindChange={(kind) => setChoice({ ...choice, kind })}
      tagPicker={(selection) => <TagChooser key={workspace.id} workspaceId={workspace.id} {...selection} />}
      saving={submit.isPending}
      error={error ?? submit.error?.message ?? null}
      onSave={({ url, hints }) => {
        setError(null);
        submit.mutate(
          { kind: choice.kind, urls: [url], hints },
          {
            onSuccess: (result) => {
              const failure = result.failed[0];
              if (failure) {
                setError(failure.message);
                return;
              }
              rememberChoice({ workspaceId: workspace.id, kind: choice.kind });
              setSaved({ workspaceId: workspace.id, kind: choice.kind });
            },
          },
        );
      }}
    />
  );
}
