import { AppError } from '@stackyard/contracts/problem';
import type { Drift, ScanResultBody, ScanSummary, UploadScan } from '@stackyard/contracts/drift';
import type { Database } from '@stackyard/db/client';
import { scanTree } from '@stackyard/scanner/scan';
import { memoryTree } from '@stackyard/scanner/tree';
import { authorize, type CatalogReader } from '../access/access.ts';
import type { Actor } from '../auth/authenticate.ts';
import { PROJECT_NOT_FOUND } from '../catalog/item-access.ts';
import type { Executor } from '../db.ts';
import { findStackProject } from '../stack/stack.repo.ts';
import { readStack } from '../stack/stack.service.ts';
import { findStore } from '../store/store.repo.ts';
import { isLinked } from '../store/store-sync.ts';
import { scanArchive } from './archive.ts';
import { compareScan } from './compare.ts';
import { findLatestScan, saveScan } from './drift.repo.ts';

/** Editors upload manifest files (scanned here) or a scan made by the command line; it replaces the last one. */
export async function uploadScan(
  db: Database,
  actor: Actor,
  workspaceId: string,
  input: UploadScan,
): Promise<ScanSummary> {
  const access = await authorize(db, actor, workspaceId, 'catalog:write');
  await assertProject(db, access, input.project_id);
  const result: ScanResultBody = input.files ? await scanFiles(input.files) : (input.scan as ScanResultBody);
  return saveScan(db, access, {
    projectId: input.project_id,
    source: input.files ? 'upload' : 'cli',
    result,
  });
}

/** Editors upload a .zip of a checkout; its manifests are scanned here and replace the last scan. */
export async function uploadArchive(
  db: Database,
  actor: Actor,
  workspaceId: string,
  projectId: string | null,
  archive: Buffer,
): Promise<ScanSummary> {
  const access = await authorize(db, actor, workspaceId, 'catalog:write');
  await assertProject(db, access, projectId);
  const result = await scanArchive(archive);
  return saveScan(db, access, { projectId, source: 'archive', result });
}

export async function getDrift(
  db: Database,
  actor: Actor,
  workspaceId: string,
  projectId: string | null,
): Promise<Drift> {
  const access = await authorize(db, actor, workspaceId, 'catalog:read');
  await assertProject(db, access, projectId);
  // Stances are the workspace's, whichever scan is compared: a project may use a tool it has not linked yet.
  const stack = await readStack(db, access, null);
  const project = projectId ? await findStackProject(db, access, projectId) : null;
  const scan = await findLatestScan(db, access, projectId);
  const store = await findStore(db, access.workspaceId);
  const repository = isLinked(store)
    ? { full_name: `${store.repositoryOwner}/${store.repositoryName}`, url: store.repositoryUrl }
    : null;
  const lists = scan
    ? compareScan(scan.dependencies, stack)
    : { avoided: [], unknown: [], instead_of_preferred: [] };
  return { workspace: stack.workspace, project, repository, scan: scan?.summary ?? null, ...lists };
}

async function assertProject(db: Executor, access: CatalogReader, projectId: string | null): Promise<void> {
  if (projectId && !(await findStackProject(db, access, projectId)))
    throw new AppError('not_found', PROJECT_NOT_FOUND);
}

async function scanFiles(files: NonNullable<UploadScan['files']>): Promise<ScanResultBody> {
  const tree: Record<string, string> = {};
  for (const file of files) {
    // A browser's relative path or a Windows one: the scanner reads forward-slashed, repository-relative paths.
    const path = file.path.replaceAll('\\', '/').replace(/^(\.?\/)+/, '');
    if (!path || path.split('/').includes('..'))
      throw new AppError('bad_request', `/body/files: ${file.path} is not a path inside the repository`);
    if (path in tree) throw new AppError('bad_request', `/body/files: ${path} is given twice`);
    tree[path] = file.content;
  }
  const result = await scanTree(memoryTree(tree));
  if (result.files === 0)
    throw new AppError(
      'bad_request',
      '/body/files: None of these files is a manifest stackyard reads (package.json, requirements.txt, go.mod …)',
    );
  return result;
}
