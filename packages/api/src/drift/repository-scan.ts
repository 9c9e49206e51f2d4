import { AppError } from '@stackyard/contracts/problem';
import type { ScanResultBody, ScanSummary } from '@stackyard/contracts/drift';
import type { Database } from '@stackyard/db/client';
import { manifestKind } from '@stackyard/scanner/kinds';
import { scanTree } from '@stackyard/scanner/scan';
import { SKIPPED_DIRECTORIES } from '@stackyard/scanner/tree';
import type { TreeReader } from '@stackyard/scanner/types';
import type { GithubClient, RepositoryFile } from '@stackyard/store/github-client';
import type { RepositoryTarget } from '@stackyard/store/commit-files';
import { authorize } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { NOT_CONFIGURED, type StoreContext } from '../store/store-context.ts';
import { findStore } from '../store/store.repo.ts';
import { isLinked } from '../store/store-sync.ts';
import { failureError } from '../store/store.service.ts';
import { saveScan } from './drift.repo.ts';
import { toSummary } from './drift.service.ts';

// Scanning the workspace's connected GitHub repository: one recursive tree listing, then the manifests' blobs
// only, bounded so that a huge monorepo costs a known number of requests and bytes.

/** Manifests read from one repository; more are left out with a finding. */
export const REPOSITORY_MANIFESTS_MAX = 200;
/** Bytes of manifests read in all (lockfiles are the large ones). */
export const REPOSITORY_BYTES_MAX = 32 * 1024 * 1024;

export const NOT_CONNECTED =
  'This workspace is not connected to a GitHub repository. Connect one under Settings → Storage, then scan it.';

/** Editors scan the connected repository's default branch; the result replaces the workspace's latest scan. */
export async function scanConnectedRepository(
  db: Database,
  context: StoreContext,
  actor: Actor,
  workspaceId: string,
): Promise<ScanSummary> {
  const access = await authorize(db, actor, workspaceId, 'catalog:write');
  const store = await findStore(db, access.workspaceId);
  if (!isLinked(store)) throw new AppError('conflict', NOT_CONNECTED);
  if (!context.github) throw new AppError('unavailable', NOT_CONFIGURED);
  const target = {
    installationId: store.installationId,
    owner: store.repositoryOwner,
    name: store.repositoryName,
  };
  const { result, commitSha } = await scanRepository(context.github, target);
  const row = await saveScan(db, access, { projectId: null, source: 'repository', commitSha, result });
  return toSummary(row);
}

async function scanRepository(
  github: GithubClient,
  target: RepositoryTarget,
): Promise<{ result: ScanResultBody; commitSha: string | null }> {
  const tree = await github.readTree(target);
  if (!tree.ok) throw failureError(tree.failure);
  const { files, findings } = pickManifests(tree.value.files, tree.value.truncated);
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
