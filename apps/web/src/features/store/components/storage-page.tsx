import { ExternalLink } from '@/components/ui/external-link';
import { LabelledSelect } from '@/components/labelled-select';
import { useState } from 'react';
import type { RepositoryRequest, StoreHealth, StoreSetup, StoreStatus } from '@stackyard/contracts/store';
import { RelativeTime } from '@/components/relative-time';
import { StatusScreen } from '@/components/status-screen';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useCheckRepository } from '../api/check-repository';
import { useConnectRepository } from '../api/connect-repository';
import { useDisconnectRepository } from '../api/disconnect-repository';
import { useInstallationRepositories } from '../api/get-installation-repositories';
import { useStoreHealth } from '../api/get-store-health';
import { useStoreSetup } from '../api/get-store-setup';
import { useStoreStatus } from '../api/get-store-status';
import { usePopulateStore } from '../api/populate-store';
import { ExportFilesCard } from './export-files-card';

type Notice = { tone: 'success' | 'error'; text: string } | null;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const when = (value: string | null) => (value ? <RelativeTime iso={value} /> : 'Never');

type StoragePageProps = {
  workspaceId: string;
  workspaceName: string;
  /** The owner and admins set up, populate and disconnect the link; every member sees it and its health. */
  canConfigure: boolean;
};

/** /settings/workspace/{workspaceId}/storage, the workspace's GitHub repository link. */
export function StoragePage({ workspaceId, workspaceName, canConfigure }: StoragePageProps) {
  const setup = useStoreSetup(workspaceId);
  const status = useStoreStatus(workspaceId);
  const [notice, setNotice] = useState<Notice>(null);

  if (setup.isPending || status.isPending) return <StatusScreen text="Loading..." />;
  if (setup.isError) return <Alert>Error loading storage: {setup.error.message}</Alert>;
  if (status.isError) return <Alert>Error loading storage: {status.error.message}</Alert>;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-950">Workspace storage</h1>
        <p className="mt-1 text-sm text-zinc-600">
          Keep <span className="font-medium text-zinc-900">{workspaceName}</span> in a GitHub repository: a{' '}
          <code>stackyard.json</code> manifest, a page per tool and project, and a README table of the stack.
          Every change to the workspace is synced automatically.
        </p>
      </header>
      {notice ? (
        <Alert tone={notice.tone} data-testid="storage-notice">
          {notice.text}
        </Alert>
      ) : null}
      {setup.data.configured ? null : <NotConfigured setup={setup.data} />}
      <LinkCard status={status.data} />
      {setup.data.configured && canConfigure ? (
        <Configure workspaceId={workspaceId} setup={setup.data} status={status.data} onNotice={setNotice} />
      ) : null}
      {setup.data.configured && !canConfigure ? (
        <p className="text-sm text-zinc-600">Only the owner and admins can configure storage.</p>
      ) : null}
      {setup.data.configured ? (
        <ExportFilesCard workspaceId={workspaceId} canConfigure={canConfigure} />
      ) : null}
      <HealthCard workspaceId={workspaceId} />
    </div>
  );
}

function NotConfigured({ setup }: { setup: StoreSetup }) {
  return (
    <section className="rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-900">
      <h2 className="font-semibold">Storage is not configured on this server</h2>
      <p className="mt-2">
        Workspaces sync to GitHub through a GitHub App. An administrator of this stackyard server creates one
        (repository permissions: Contents read and write, Metadata read; setup URL{' '}
        <code>/callback/workspace_github_storage_update</code>) and sets these variables before starting the
        server:
      </p>
      <ul className="mt-2 list-disc pl-6">
        {setup.required_variables.map((name) => (
          <li key={name}>
            <code>{name}</code>
          </li>
        ))}
        <li>
          <code>GITHUB_WEB_URL</code> and <code>GITHUB_API_URL</code> (optional, for GitHub Enterprise Server)
        </li>
      </ul>
    </section>
  );
}

function LinkCard({ status }: { status: StoreStatus }) {
  const linked = status?.repository_name ? status : null;
  return (
    <section className="rounded-xl border border-zinc-200 p-5" aria-labelledby="storage-link">
      <h2 id="storage-link" className="font-semibold text-zinc-950">
        Repository
      </h2>
      <dl className="mt-3 grid grid-cols-[10rem_1fr] gap-y-2 text-sm">
        <dt className="text-zinc-600">Status</dt>
        <dd data-testid="storage-link-state">{linked ? 'Linked' : 'Not linked'}</dd>
        <dt className="text-zinc-600">Installation</dt>
        <dd>{status?.installation_id ?? 'Not installed'}</dd>
        {linked ? (
          <>
            <dt className="text-zinc-600">Repository</dt>
            <dd>
              {linked.repository_url ? (
                <ExternalLink className="underline" href={linked.repository_url}>
                  {linked.repository_owner}/{linked.repository_name}
                </ExternalLink>
              ) : (
                `${linked.repository_owner ?? ''}/${linked.repository_name ?? ''}`
              )}
            </dd>
            <dt className="text-zinc-600">Connected</dt>
            <dd>{when(linked.connected_at)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function Configure({
  workspaceId,
  setup,
  status,
  onNotice,
}: {
  workspaceId: string;
  setup: StoreSetup;
  status: StoreStatus;
  onNotice: (notice: Notice) => void;
}) {
  const installationId = status?.installation_id ?? null;
  const linked = Boolean(status?.repository_name);
  const repositories = useInstallationRepositories(workspaceId, linked ? null : installationId);
  const [chosen, setChosen] = useState('');
  const check = useCheckRepository(workspaceId);
  const connect = useConnectRepository(workspaceId);
  const populate = usePopulateStore(workspaceId);
  const disconnect = useDisconnectRepository(workspaceId);

  const request = (): RepositoryRequest | null => {
    const [owner, name] = chosen.split('/');
    if (!owner || !name || installationId === null) return null;
    return { repository_owner: owner, repository_name: name, installation_id: installationId };
  };
  const run = async (action: () => Promise<string>, failure = (error: unknown) => errorText(error)) => {
    onNotice(null);
    try {
      onNotice({ tone: 'success', text: await action() });
    } catch (error) {
      onNotice({ tone: 'error', text: failure(error) });
    }
  };
  const busy = check.isPending || connect.isPending || populate.isPending || disconnect.isPending;

  return (
    <section className="rounded-xl border border-zinc-200 p-5" aria-labelledby="storage-configure">
      <h2 id="storage-configure" className="font-semibold text-zinc-950">
        Set up
      </h2>
      <div className="mt-3 flex flex-col gap-4 text-sm">
        <div className="flex flex-wrap items-center gap-3">
          {setup.install_url ? (
            <a
              href={setup.install_url}
              className="inline-flex h-10 items-center rounded-lg bg-zinc-900 px-4 font-medium text-white hover:bg-zinc-700"
            >
              Install GitHub App
            </a>
          ) : null}
          <span className="text-zinc-600">
            {installationId === null
              ? 'Install the app on the GitHub account that owns the repository, and give it access to it.'
              : 'Installed. Install again to give the app access to other repositories.'}
          </span>
        </div>

        {installationId !== null && !linked ? (
          <div className="flex flex-col gap-3">
            <LabelledSelect
              id="storage-repository"
              label="GitHub repository"
              value={chosen}
              onChange={(event) => {
                setChosen(event.target.value);
                check.reset();
              }}
              disabled={repositories.isPending || repositories.isError}
            >
              <option value="">
                {repositories.isPending ? 'Loading repositories...' : 'Choose a repository'}
              </option>
              {(repositories.data ?? []).map((repository) => (
                <option key={repository.full_name} value={repository.full_name}>
                  {repository.full_name}
                  {repository.private ? ' (private)' : ''}
                  {repository.archived ? ' (archived)' : ''}
                </option>
              ))}
            </LabelledSelect>
            {repositories.isError ? (
              <Alert>Error loading repositories: {repositories.error.message}</Alert>
            ) : null}
            {repositories.data?.length === 0 ? (
              <p className="text-zinc-600">
                The installation cannot reach any repository yet. Install the app again and select one.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                disabled={busy || request() === null}
                onClick={() => {
                  const body = request();
                  if (body)
                    void run(async () => {
                      const result = await check.mutateAsync(body);
                      if (!result.accessible) throw new Error(result.message);
                      return result.message;
                    });
                }}
              >
                Check
              </Button>
              <Button
                disabled={busy || request() === null}
                onClick={() => {
                  const body = request();
                  if (body) void run(async () => (await connect.mutateAsync(body)).message);
                }}
              >
                Connect
              </Button>
            </div>
          </div>
        ) : null}

        {linked ? (
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={busy}
              onClick={() => void run(async () => (await populate.mutateAsync()).message)}
            >
              {populate.isPending ? 'Populating...' : 'Populate'}
            </Button>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => void run(async () => (await disconnect.mutateAsync()).message)}
            >
              Disconnect
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

const stateLabels: Record<StoreHealth['state'], string> = {
  not_configured: 'Not configured',
  not_linked: 'Not linked',
  healthy: 'Healthy',
  failing: 'Failing',
};

function HealthCard({ workspaceId }: { workspaceId: string }) {
  const health = useStoreHealth(workspaceId);
  return (
    <section className="rounded-xl border border-zinc-200 p-5" aria-labelledby="storage-health">
      <div className="flex items-center justify-between">
        <h2 id="storage-health" className="font-semibold text-zinc-950">
          Health
        </h2>
        <Button variant="ghost" size="sm" disabled={health.isFetching} onClick={() => void health.refetch()}>
          Refresh
        </Button>
      </div>
      {health.isPending ? (
        <p className="mt-3 text-sm text-zinc-600">Checking...</p>
      ) : health.isError ? (
        <Alert className="mt-3">Error loading health: {health.error.message}</Alert>
      ) : (
        <dl className="mt-3 grid grid-cols-[10rem_1fr] gap-y-2 text-sm" data-testid="storage-health">
          <dt className="text-zinc-600">State</dt>
          <dd
            data-testid="storage-health-state"
            className={health.data.state === 'failing' ? 'font-medium text-red-700' : undefined}
          >
            {stateLabels[health.data.state]}
            {health.data.sync_pending ? ' (changes waiting to sync)' : ''}
          </dd>
          <dt className="text-zinc-600">Installation</dt>
          <dd>{health.data.installation.message}</dd>
          <dt className="text-zinc-600">Repository access</dt>
          <dd>{health.data.repository.message}</dd>
          <dt className="text-zinc-600">Last sync</dt>
          <dd data-testid="storage-last-sync">{when(health.data.last_synced_at)}</dd>
          <dt className="text-zinc-600">Last error</dt>
          <dd data-testid="storage-last-error">
            {health.data.last_error ? (
              <>
                {health.data.last_error.message} ({when(health.data.last_error.at)})
              </>
            ) : (
              'None'
            )}
          </dd>
        </dl>
      )}
    </section>
  );
}
