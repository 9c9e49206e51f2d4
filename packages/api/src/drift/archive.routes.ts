import type { FastifyError } from 'fastify';
import { z } from 'zod';
import { driftQuerySchema, scanSummarySchema } from '@stackyard/contracts/drift';
import { AppError } from '@stackyard/contracts/problem';
import { workspaceParamsSchema } from '@stackyard/contracts/workspace';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, forbidden, notFound, tooLarge } from '../http.ts';
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
  app.addContentTypeParser(ARCHIVE_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError) => {
    // Thrown on to the API's error handler, which answers the problem details.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError('payload_too_large', `The archive must be at most ${MAX_MB} MB.`);
    throw error;
  });

  app.post(
    '/workspaces/:id/scans/archive',
    {
      bodyLimit: ARCHIVE_BYTES_MAX,
      schema: {
        tags: ['drift'],
        summary:
          "Upload a .zip or .tar.gz of the code's checkout; its manifests are scanned as the latest scan (editors and admins)",
        description:
          `The request body is the archive itself, Content-Type application/zip or application/gzip (a gzip'd tar, as ` +
          `git archive --format=tar.gz and GitHub's tarball make), at most ${MAX_MB} MB (413 beyond). ` +
          'Only the manifests are unpacked; a single top folder (app-main/) is left out of the paths. 400 for a ' +
          `file that is neither, a path outside the archive's folder, more than ${ARCHIVE_ENTRIES_MAX.toLocaleString('en-US')} ` +
          `entries, an entry (or a .tar.gz) unpacking to more than ${ARCHIVE_RATIO_MAX} times its packed size (a bomb), or no ` +
          'manifest stackyard reads. With project_id, the latest scan of that project.',
        consumes: ARCHIVE_TYPES,
        params: workspaceParamsSchema,
        querystring: driftQuerySchema,
        body: archiveBody,
        response: { 201: scanSummarySchema, ...always, ...forbidden, ...notFound, ...tooLarge },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await uploadArchive(
            db,
            actorOf(request),
            request.params.id,
            request.query.project_id ?? null,
            request.body,
          ),
        ),
  );
}
