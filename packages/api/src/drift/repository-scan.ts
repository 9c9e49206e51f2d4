import { AppError } from '@stackyard/contracts/problem';
import type { ScanResultBody, ScanSummary } from '@stackyard/contracts/drift';
import type { Database } from '@stackyard/db/client';
import { manifestKind } from '@stackyard/scanner/kinds';
import { scanTree } from '@stackyard/scanner/scan';
import { SKIPPED_DIRECTORIES } from '@stackyard/scanner/tree';
import type { TreeReader } from '@stackyard/scanner/types';
import type { GithubClient, RepositoryFile } from '@stackyard/store/github-client';
import type { RepositoryTarget } from '@stackyard/store/commit-files';
import { authorize, type CatalogReader, type SystemGrant } from '../access/access.ts';
import { PROJECT_NOT_FOUND } from '../catalog/item-access.ts';
import { findProject } from '../projects/projects.repo.ts';
import type { Actor } from '../auth/authenticate.ts';
import { NOT_CONFIGURED, type StoreContext } from '../store/store-context.ts';
import { findStore, type StoreRow } from '../store/store.repo.ts';
import { isLinked } from '../store/store-sync.ts';
import { failureError } from '../store/store.service.ts';
import { findRepositoryScans, noteFailedRescan, saveScan } from './drift.repo.ts';

// Scanning the workspace's connected GitHub repository: one recursive tree listing, then the manifests' blobs
// only, bounded so that a huge monorepo costs a known number of requests and bytes.

/** Manifests read from one repository; more are left out with a finding. */
export const REPOSITORY_MANIFESTS_MAX = 200;
/** Bytes of manifests read in all (lockfiles are the large ones). */
export const REPOSITORY_BYTES_MAX = 32 * 1024 * 1024;

export const PROJECT_NOT_LINKED =
  "This project is not linked to a GitHub repository. Set one in the project's settings, then scan it.";
export const NO_INSTALLATION =
  'This workspace has no GitHub App installation to read repositories with. Install the app under Settings → Storage, then scan.';

export const NOT_CONNECTED =
  'This workspace is not connected to a GitHub repository. Connect one under Settings → Storage, then scan it.';

/**
 * Editors scan the connected repository's default branch, or the repository linked to one of the workspace's
 * projects (its branch and folder), through the workspace's installation; the result replaces the latest scan
 * of the workspace or of that project.
 */
export async function scanConnectedRepository(
  db: Database,
  context: StoreContext,
  actor: Actor,
  workspaceId: string,
  projectId: string | null = null,
): Promise<ScanSummary> {
  const access = await authorize(db, actor, workspaceId, 'catalog:write');
  const store = await findStore(db, access.workspaceId);
  const source = await sourceOf(db, access, store, projectId);
  if (!context.github) throw new AppError('unavailable', NOT_CONFIGURED);
  const { result, commitSha } = await scanRepository(context.github, source);
  return saveScan(db, access, { projectId, source: 'repository', commitSha, result });
}

/**
 * After a sync of the workspace, the scans read from GitHub before (the connected repository's and each
 * project's) are read again, so drift follows the code without anyone asking; repositories no one scanned are
 * left alone. A scan that cannot be read again keeps the one before, with why as a finding; answers what
 * failed, for the job's log.
 */
export async function rescanAfterSync(
  db: Database,
  github: GithubClient,
  grant: SystemGrant,
): Promise<Array<{ projectId: string | null; message: string }>> {
  const failures: Array<{ projectId: string | null; message: string }> = [];
  const store = await findStore(db, grant.workspaceId);
  for (const previous of await findRepositoryScans(db, grant)) {
    const { projectId } = previous;
    try {
      const { result, commitSha } = await scanRepository(github, await sourceOf(db, grant, store, projectId));
      await saveScan(db, grant, { projectId, source: 'repository', commitSha, result });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push({ projectId, message });
      await noteFailedRescan(db, grant, previous, message);
    }
  }
  return failures;
}

/** The workspace's connected repository, or the one linked to its project. */
async function sourceOf(
  db: Database,
  access: CatalogReader,
  store: StoreRow | null,
  projectId: string | null,
): Promise<Source> {
  if (projectId) return projectSource(db, access, store, projectId);
  if (!isLinked(store)) throw new AppError('conflict', NOT_CONNECTED);
  return {
    target: {
      installationId: store.installationId,
      owner: store.repositoryOwner,
      name: store.repositoryName,
    },
    branch: null,
    path: '',
  };
}

interface Source {
  target: RepositoryTarget;
  branch: string | null;
  path: string;
}

/** The project's linked repository, readable when the workspace has a GitHub App installation. */
async function projectSource(
  db: Database,
  access: CatalogReader,
  store: StoreRow | null,
  projectId: string,
): Promise<Source> {
  const project = await findProject(db, access, { id: projectId });
  if (!project) throw new AppError('not_found', PROJECT_NOT_FOUND);
  const { repository } = project;
  if (!repository) throw new AppError('conflict', PROJECT_NOT_LINKED);
  if (store?.installationId == null) throw new AppError('conflict', NO_INSTALLATION);
  const [owner = '', name = ''] = repository.full_name.split('/');
  return {
    target: { installationId: store.installationId, owner, name },
    branch: repository.branch,
    path: repository.path,
  };
}

async function scanRepository(
  github: GithubClient,
  { target, branch, path }: Source,
): Promise<{ result: ScanResultBody; commitSha: string | null }> {
  const tree = await github.readTree(target, branch);
  if (!tree.ok) throw failureError(tree.failure);
  const prefix = path ? `${path}/` : '';
  const inFolder = tree.value.files.filter((file) => file.path.startsWith(prefix));
  const { files, findings } = pickManifests(inFolder, tree.value.truncated);
  const reader: TreeReader = {
    list: async () => ({ files: files.map(({ path, size }) => ({ path, size })), truncated: false }),
    async read(path) {
      const sha = files.find((file) => file.path === path)?.sha ?? '';
      const blob = await github.readBlob(target, sha);
      if (!blob.ok) throw failureError(blob.failure);
      return blob.value;
    },
  };
  const result = await scanTree(reader);
  return {
    result: { ...result, findings: [...findings, ...result.findings] },
    commitSha: tree.value.commitSha,
  };
}

/** The manifests to read, shallowest first so a root's package.json beats a fixture's, within the bounds. */
function pickManifests(
  listed: RepositoryFile[],
  truncated: boolean,
): { files: RepositoryFile[]; findings: ScanFinding[] } {
  const findings: ScanFinding[] = [];
  if (truncated)
    findings.push({
      file: '.',
      line: null,
      message:
        'GitHub listed only part of this repository (it is too large); manifests in the rest were not scanned.',
    });
  const manifests = listed
    .filter(
      (file) =>
        manifestKind(file.path) && !file.path.split('/').some((part) => SKIPPED_DIRECTORIES.has(part)),
    )
    .sort((a, b) => depth(a.path) - depth(b.path) || a.path.localeCompare(b.path));
  const files: RepositoryFile[] = [];
  let bytes = 0;
  for (const file of manifests) {
    if (files.length === REPOSITORY_MANIFESTS_MAX || bytes + file.size > REPOSITORY_BYTES_MAX) break;
    files.push(file);
    bytes += file.size;
  }
  if (files.length < manifests.length)
    findings.push({
      file: '.',
      line: null,
      message: `Read ${files.length} of ${manifests.length} manifest files (at most ${REPOSITORY_MANIFESTS_MAX}, ${REPOSITORY_BYTES_MAX / 1024 / 1024} MiB in all); the deeper ones were not scanned.`,
    });
  return { files, findings };
}

type ScanFinding = ScanResultBody['findings'][number];

const depth = (path: string) => path.split('/').length;
