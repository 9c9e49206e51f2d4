import { AppError } from '@stackyard/contracts/problem';
import type {
  ConnectResult,
  DisconnectResult,
  InstallationRepositoryItem,
  InstallationRequest,
  InstallationResult,
  PopulateResult,
  RepositoryCheckResult,
  RepositoryRequest,
  StoreExportConflict,
  StoreExportSettings,
  StoreHealth,
  StoreSetup,
  StoreStatus,
} from '@stackyard/contracts/store';
import type { Database } from '@stackyard/db/client';
import { installUrl } from '@stackyard/store/config';
import type { GithubClient } from '@stackyard/store/github-client';
import type { GithubFailure } from '@stackyard/store/github-failure';
import { can } from '@stackyard/contracts/permissions';
import { STACK_EXPORT_FORMATS, STACK_EXPORT_PATHS } from '@stackyard/contracts/stack';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { inTransaction, iso } from '../db.ts';
import { NOT_CONFIGURED, REQUIRED_VARIABLES, type StoreContext } from './store-context.ts';
import { enqueueStoreSync, markWorkspaceChanged } from './store-changes.ts';
import { isLinked, syncLinkedStore } from './store-sync.ts';
import {
  clearConnection,
  findStore,
  findStoreStatus,
  saveConnection,
  saveExportSettings,
  saveInstallation,
  touchLinkedStore,
  type StoreRow,
} from './store.repo.ts';

// The repository link of a workspace: every member reads its status and health; the owner and
// admins install the app, check, connect, populate and disconnect. GitHub's refusals become clear messages:
// 422 when someone must change something, 429 or 503 when waiting will do.

function requireGithub(context: StoreContext): GithubClient {
  if (!context.github) throw new AppError('unavailable', NOT_CONFIGURED);
  return context.github;
}

/** A GitHub failure as the API answers it. */
export function failureError(failure: GithubFailure): AppError {
  if (failure.code === 'rate_limited') return new AppError('rate_limited', failure.message);
  if (failure.code === 'installation_not_accessible') return new AppError('forbidden', failure.message);
  return new AppError(failure.retryable ? 'unavailable' : 'unprocessable', failure.message);
}

export const AUTHORIZATION_REQUIRED =
  'This installation did not come back through GitHub’s authorization, so stackyard cannot check that you may use it. Install the app again from the storage settings and approve the authorization GitHub asks for.';

/**
 * The installation saved for the workspace (verified when it was saved): the only one stackyard lists, checks,
 * connects or writes through. A request naming another one is refused.
 */
async function savedInstallation(
  db: Database,
  workspaceId: string,
  named: number | undefined,
): Promise<number> {
  const saved = (await findStore(db, workspaceId))?.installationId ?? null;
  if (saved === null) throw new AppError('conflict', 'Install the GitHub App for this workspace first.');
  if (named !== undefined && named !== saved) {
    throw new AppError(
      'forbidden',
      `The GitHub App installation ${named} is not the one linked to this workspace (${saved}). stackyard only uses the installation saved through the install flow; install the app again from the storage settings to change it.`,
    );
  }
  return saved;
}

const fullName = (row: { repositoryOwner: string | null; repositoryName: string | null }) =>
  `${row.repositoryOwner ?? ''}/${row.repositoryName ?? ''}`;

export async function getStoreSetup(
  db: Database,
  context: StoreContext,
  actor: Actor,
  workspaceId: string,
): Promise<StoreSetup> {
  const access = await authorize(db, actor, workspaceId, 'store:read');
  const app = context.settings.app;
  return {
    configured: app !== null,
    install_url: app ? installUrl(app.appSlug, { workspaceId }, app.webBaseUrl) : null,
    can_configure: can(access, 'store:configure'),
    required_variables: [...REQUIRED_VARIABLES],
  };
}

export async function getStoreStatus(db: Database, actor: Actor, workspaceId: string): Promise<StoreStatus> {
  await authorize(db, actor, workspaceId, 'store:read');
  return findStoreStatus(db, workspaceId);
}

const INSTALLATION_FAILURES = new Set([
  'installation_invalid',
  'installation_suspended',
  'app_credentials_invalid',
]);

/** Asks GitHub whether the installation still works and the repository is still reachable. */
export async function getStoreHealth(
  db: Database,
  context: StoreContext,
  actor: Actor,
  workspaceId: string,
): Promise<StoreHealth> {
  await authorize(db, actor, workspaceId, 'store:read');
  const row = await findStore(db, workspaceId);
  const base = {
    last_synced_at: row?.lastSyncedAt ? iso(row.lastSyncedAt) : null,
    last_commit_sha: row?.lastCommitSha ?? null,
    last_error: row?.lastError ?? null,
    sync_pending:
      isLinked(row) &&
      row.changedAt !== null &&
      (row.syncedThrough === null || row.syncedThrough < row.changedAt),
    export_conflicts: exportConflicts(row),
    checked_at: new Date().toISOString(),
  };
  const noRepository = {
    accessible: null,
    repository_url: null,
    message: 'No repository is connected to this workspace.',
  };
  if (!context.github) {
    return {
      ...base,
      configured: false,
      state: 'not_configured',
      installation: { valid: null, message: NOT_CONFIGURED },
      repository: noRepository,
    };
  }
  if (row?.installationId == null) {
    return {
      ...base,
      configured: true,
      state: 'not_linked',
      installation: { valid: null, message: 'The GitHub App is not installed for this workspace yet.' },
      repository: noRepository,
    };
  }
  if (!isLinked(row)) {
    const listed = await context.github.listInstallationRepositories(row.installationId);
    return {
      ...base,
      configured: true,
      state: 'not_linked',
      installation: listed.ok
        ? { valid: true, message: 'The GitHub App installation is valid.' }
        : {
            valid: INSTALLATION_FAILURES.has(listed.failure.code) ? false : null,
            message: listed.failure.message,
          },
      repository: noRepository,
    };
  }
  const check = await context.github.checkRepository({
    installationId: row.installationId,
    owner: row.repositoryOwner,
    name: row.repositoryName,
  });
  const installationBroken = check.failure !== undefined && INSTALLATION_FAILURES.has(check.failure.code);
  const installation = installationBroken
    ? { valid: false, message: check.failure?.message ?? check.message }
    : check.accessible || check.failure?.code !== 'rate_limited'
      ? { valid: true, message: 'The GitHub App installation is valid.' }
      : { valid: null, message: check.message };
  return {
    ...base,
    configured: true,
    state: check.accessible && base.last_error === null ? 'healthy' : 'failing',
    installation,
    repository: {
      accessible: installationBroken ? false : check.accessible,
      repository_url: check.repository_url ?? row.repositoryUrl,
      message: check.message,
    },
  };
}

const FORMAT_OF_PATH = new Map(STACK_EXPORT_FORMATS.map((format) => [STACK_EXPORT_PATHS[format], format]));

/** The export files the last sync left alone, each with what to do about it. */
function exportConflicts(row: StoreRow | null): StoreExportConflict[] {
  if (!row?.exportEnabled) return [];
  return row.exportConflicts.flatMap((path) => {
    const format = FORMAT_OF_PATH.get(path);
    if (!format) return [];
    return [
      {
        path,
        format,
        message: `${path} in the repository was changed since stackyard last wrote it, so the sync left it as it is. To have stackyard write it again, delete the file in the repository (or undo the change); to keep your version, stop exporting this file.`,
      },
    ];
  });
}

export async function getStoreExport(
  db: Database,
  actor: Actor,
  workspaceId: string,
): Promise<StoreExportSettings> {
  await authorize(db, actor, workspaceId, 'store:read');
  const row = await findStore(db, workspaceId);
  return { enabled: row?.exportEnabled ?? false, formats: row?.exportFormats ?? [] };
}

/** Switches the export files on or off and chooses them; switching on syncs them soon (when linked). */
export async function setStoreExport(
  db: Database,
  context: StoreContext,
  actor: Actor,
  workspaceId: string,
  input: StoreExportSettings,
): Promise<StoreExportSettings> {
  const chosen = new Set(input.formats);
  const settings = {
    enabled: input.enabled,
    formats: STACK_EXPORT_FORMATS.filter((format) => chosen.has(format)),
  };
  await inTransaction(db, async (tx) => {
    const access = await authorize(tx, actor, workspaceId, 'store:configure');
    await saveExportSettings(tx, access, settings);
    if (settings.enabled) await markWorkspaceChanged(tx, access.workspaceId);
  });
  if (settings.enabled) context.wake();
  return settings;
}

/** The repositories the workspace's installation can reach, for the picker (naming another one is refused). */
export async function listStoreRepositories(
  db: Database,
  context: StoreContext,
  actor: Actor,
  workspaceId: string,
  installationId: number | undefined,
): Promise<InstallationRepositoryItem[]> {
  const access = await authorize(db, actor, workspaceId, 'store:configure');
  const github = requireGithub(context);
  const installation = await savedInstallation(db, access.workspaceId, installationId);
  const listed = await github.listInstallationRepositories(installation);
  if (!listed.ok) throw failureError(listed.failure);
  return listed.value.map((repository) => ({
    owner: repository.owner,
    name: repository.name,
    full_name: repository.full_name,
    private: repository.private,
    archived: repository.archived,
    html_url: repository.html_url,
  }));
}

/** Whether the saved installation reaches the requested repository, asked by one who may configure the store. */
async function checkRequestedRepository(
  db: Database,
  context: StoreContext,
  actor: Actor,
  workspaceId: string,
  body: RepositoryRequest,
) {
  const access = await authorize(db, actor, workspaceId, 'store:configure');
  const github = requireGithub(context);
  const installationId = await savedInstallation(db, access.workspaceId, body.installation_id);
  const check = await github.checkRepository({
    installationId,
    owner: body.repository_owner,
    name: body.repository_name,
  });
  return { access, installationId, check };
}

export async function checkStoreRepository(
  db: Database,
  context: StoreContext,
  actor: Actor,
  workspaceId: string,
  body: RepositoryRequest,
): Promise<RepositoryCheckResult> {
  const { check } = await checkRequestedRepository(db, context, actor, workspaceId, body);
  return { accessible: check.accessible, repository_url: check.repository_url, message: check.message };
}

export async function connectStoreRepository(
  db: Database,
  context: StoreContext,
  actor: Actor,
  workspaceId: string,
  body: RepositoryRequest,
): Promise<ConnectResult> {
  const { access, installationId, check } = await checkRequestedRepository(
    db,
    context,
    actor,
    workspaceId,
    body,
  );
  if (!check.accessible) {
    throw check.failure ? failureError(check.failure) : new AppError('unprocessable', check.message);
  }
  await saveConnection(db, access, {
    installationId,
    owner: body.repository_owner,
    name: body.repository_name,
    url: check.repository_url,
  });
  const name = `${body.repository_owner}/${body.repository_name}`;
  return {
    success: true,
    repository_url: check.repository_url,
    message: `Connected ${name}. Populate it to write the workspace; later changes are synced automatically.`,
  };
}

export async function disconnectStoreRepository(
  db: Database,
  actor: Actor,
  workspaceId: string,
): Promise<DisconnectResult> {
  const access = await authorize(db, actor, workspaceId, 'store:configure');
  const row = await findStore(db, access.workspaceId);
  if (!isLinked(row)) return { message: 'No repository is connected to this workspace.' };
  await clearConnection(db, access);
  return {
    message: `Disconnected ${fullName(row)}. The repository and its files stay on GitHub; stackyard no longer writes to it.`,
  };
}

export async function saveStoreInstallation(
  db: Database,
  context: StoreContext,
  actor: Actor,
  workspaceId: string,
  request: InstallationRequest,
): Promise<InstallationResult> {
  const access = await authorize(db, actor, workspaceId, 'store:configure');
  const github = requireGithub(context);
  const installationId = request.installation_id;
  // installation_id comes from a URL anyone can write: only an installation the user who came back from
  // GitHub can access is kept (their one-time code proves who they are on GitHub).
  if (!request.code) throw new AppError('unprocessable', AUTHORIZATION_REQUIRED);
  const verified = await github.verifyInstallationAccess(request.code, installationId);
  if (!verified.ok) throw failureError(verified.failure);
  // And one stackyard's app can use: GitHub answers for ours, not for others (nor suspended ones).
  const listed = await github.listInstallationRepositories(installationId);
  if (!listed.ok) throw failureError(listed.failure);
  await saveInstallation(db, access, installationId);
  const count = listed.value.length;
  return {
    success: true,
    installation_id: installationId,
    message: `The GitHub App installation is saved. It can reach ${count} ${count === 1 ? 'repository' : 'repositories'}.`,
  };
}

/** Writes the whole workspace to the linked repository now, as one commit (none when it is up to date). */
export async function populateStore(
  db: Database,
  context: StoreContext,
  actor: Actor,
  workspaceId: string,
): Promise<PopulateResult> {
  const access = await authorize(db, actor, workspaceId, 'store:configure');
  requireGithub(context);
  const row = await findStore(db, access.workspaceId);
  if (!isLinked(row)) throw new AppError('conflict', 'Connect a repository before populating it.');
  // Due until a sync succeeds: if this one fails, the job or the sweep finishes the work.
  await touchLinkedStore(db, access.workspaceId);
  const fresh = await findStore(db, access.workspaceId);
  if (!isLinked(fresh)) throw new AppError('conflict', 'Connect a repository before populating it.');
  const result = await syncLinkedStore(db, context, fresh, 'Populate repository from stackyard');
  if (!result) throw new AppError('unavailable', NOT_CONFIGURED);
  if (!result.ok) {
    if (result.failure.retryable) {
      const delay = result.failure.retryAfterMs;
      await enqueueStoreSync(
        db,
        access.workspaceId,
        delay === undefined ? {} : { runAt: new Date(Date.now() + delay) },
      );
      context.wake();
    }
    throw failureError(result.failure);
  }
  const name = fullName(fresh);
  return {
    success: true,
    committed: result.value.committed,
    commit_sha: result.value.commitSha,
    repository_url: fresh.repositoryUrl,
    message: result.value.committed
      ? `Wrote the workspace to ${name} in one commit.`
      : `${name} is already up to date.`,
  };
}
