import {
  driftQuerySchema,
  driftSchema,
  repositoryScanQuerySchema,
  SCAN_BODY_MAX,
  scanSummarySchema,
  uploadScanSchema,
} from '@stackyard/contracts/drift';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import type { ApiApp, RouteDeps } from '../context.ts';
import { problemSchema } from '@stackyard/contracts/problem';
import { conflict, forbidden, notFound, tooLarge, unprocessable } from '../http.ts';
import { routesOf } from '../route.ts';
import type { StoreContext } from '../store/store-context.ts';
import { getDrift, uploadScan } from './drift.service.ts';
import {
  REPOSITORY_BYTES_MAX,
  REPOSITORY_MANIFESTS_MAX,
  scanConnectedRepository,
} from './repository-scan.ts';

/** GitHub refusing (422), asking us to slow down (429) or out of reach (503, in always). */
const github = { ...unprocessable, 429: problemSchema } as const;

const LISTS =
  'avoided: dependencies that are tools the team avoids, with the preferred tools of their category; unknown: ' +
  'dependencies that are no tool of the workspace, with a URL to submit each as one; instead_of_preferred: ' +
  'categories where the code uses an accepted or avoided tool and none of the preferred ones. Each match says ' +
  'how it was found (package, repository or name) and each dependency its file and line.';

export function driftRoutes(app: ApiApp, { db }: RouteDeps, store: StoreContext): void {
  const routes = routesOf(app, 'drift');
  routes.post('/workspaces/:id/scans/repository', {
    summary:
      "Scan the workspace's connected GitHub repository, or a project's linked one, as the latest scan (editors and admins)",
    description:
      "Reads the default branch's tree through the GitHub App installation and the manifests in it (at most " +
      `${REPOSITORY_MANIFESTS_MAX} files, ${REPOSITORY_BYTES_MAX / 1024 / 1024} MiB in all; a finding says what was ` +
      "left out), scans them and keeps the result, with the commit, as the workspace's latest scan. 409 when " +
      'the workspace is not connected to a repository. With project_id, the repository linked to that project (its ' +
      "branch, or the default one, and its folder) through the workspace's installation, kept as the project's " +
      'latest scan; 409 when the project has no repository or the workspace no installation. 422, 429 or 503 when GitHub refuses or is out of reach.',
    params: workspaceParamsSchema,
    querystring: repositoryScanQuerySchema,
    created: scanSummarySchema,
    problems: { ...forbidden, ...notFound, ...conflict, ...github, ...tooLarge },
    handler: async ({ actor, params, query }) =>
      scanConnectedRepository(db, store, actor, params.id, query.project_id ?? null),
  });

  routes.post('/workspaces/:id/scans', {
    // Manifests and lockfiles are bigger than the API's other bodies; the contract bounds each file.
    bodyLimit: SCAN_BODY_MAX,
    summary: "Upload the code's manifests, or a scan of them, as the latest scan (editors and admins)",
    description:
      'files: manifest files ({path, content}) scanned on the server; or scan: the result of ' +
      '`stackyard scan --format json`. With project_id, the latest scan of that project. Replaces the previous one.',
    params: workspaceParamsSchema,
    body: uploadScanSchema,
    created: scanSummarySchema,
    problems: { ...forbidden, ...notFound },
    handler: async ({ actor, params, body }) => uploadScan(db, actor, params.id, body),
  });

  routes.get('/workspaces/:id/drift', {
    summary: "The latest scan's drift from the team's stances (workspace or one project)",
    description: LISTS,
    params: workspaceParamsSchema,
    querystring: driftQuerySchema,
    answer: driftSchema,
    problems: notFound,
    handler: async ({ actor, params, query }) => getDrift(db, actor, params.id, query.project_id ?? null),
  });
}
