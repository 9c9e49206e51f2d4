import { z } from 'zod';
import { driftQuerySchema, scanSummarySchema } from '@stackyard/contracts/drift';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import { groupThousands } from '@stackyard/contracts/numbers';
import type { ApiApp, RouteDeps } from '../context.ts';
import { forbidden, notFound } from '../http.ts';
import { acceptFileBodies, routesOf } from '../route.ts';
import { ARCHIVE_BYTES_MAX, ARCHIVE_ENTRIES_MAX, ARCHIVE_RATIO_MAX } from './archive.ts';
import { uploadArchive } from './drift.service.ts';

// What browsers and tools send for a .zip, and for a .tar.gz / .tgz.
const ARCHIVE_TYPES = [
  'application/zip',
  'application/x-zip-compressed',
  'application/gzip',
  'application/x-gzip',
  'application/x-compressed-tar',
  'application/x-tar+gzip',
];
const MAX_MB = ARCHIVE_BYTES_MAX / 1024 / 1024;

/** The archive's bytes as the parser below hands them on; a string in the OpenAPI document. */
const archiveBody = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), 'Must be a .zip or .tar.gz archive')
  .meta({ type: 'string', description: 'A .zip or a .tar.gz of the repository’s checkout' });

/** Its own plugin: the only routes reading an archive body. */
export async function archiveRoutes(app: ApiApp, { db }: RouteDeps): Promise<void> {
  acceptFileBodies(app, ARCHIVE_TYPES, `The archive must be at most ${MAX_MB} MB.`);
  const routes = routesOf(app, 'drift');

  routes.post('/workspaces/:id/scans/archive', {
    bodyLimit: ARCHIVE_BYTES_MAX,
    summary:
      "Upload a .zip or .tar.gz of the code's checkout; its manifests are scanned as the latest scan (editors and admins)",
    description:
      `The request body is the archive itself, Content-Type application/zip or application/gzip (a gzip'd tar, as ` +
      `git archive --format=tar.gz and GitHub's tarball make), at most ${MAX_MB} MB (413 beyond). ` +
      'Only the manifests are unpacked; a single top folder (app-main/) is left out of the paths. 400 for a ' +
      `file that is neither, a path outside the archive's folder, more than ${groupThousands(ARCHIVE_ENTRIES_MAX)} ` +
      `entries, an entry (or a .tar.gz) unpacking to more than ${ARCHIVE_RATIO_MAX} times its packed size (a bomb), or no ` +
      'manifest stackyard reads. With project_id, the latest scan of that project.',
    consumes: ARCHIVE_TYPES,
    params: workspaceParamsSchema,
    querystring: driftQuerySchema,
    body: archiveBody,
    created: scanSummarySchema,
    problems: { ...forbidden, ...notFound },
    handler: async ({ actor, params, query, body }) =>
      uploadArchive(db, actor, params.id, query.project_id ?? null, body),
  });
}
