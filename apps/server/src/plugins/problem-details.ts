import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorStatus, type ErrorCode, type Problem } from '@stackyard/contracts/problem';
import { isAbandoned } from '@stackyard/db/wanted';

// Not imported: Node's ES module view of node:http reads its lazy exports, loading undici (~25 ms).
const { STATUS_CODES } = process.getBuiltinModule('node:http');

/**
 * Paths that belong to an API: an unknown one answers a 404 problem, never the SPA. Clients discover OAuth
 * and other metadata under /.well-known/ and parse what they get as JSON, so HTML there breaks them.
 */
export const API_PREFIXES = ['/api/', '/.ory/', '/mcp', '/.well-known/', '/oauth/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  extra: Partial<Problem> = {},
): FastifyReply {
  const problem: Problem = {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    request_id: reply.request.id,
    ...extra,
  };
  return reply.code(status).type('application/problem+json; charset=utf-8').send(problem);
}

const codeByStatus = Object.fromEntries(
  Object.entries(errorStatus).map(([code, status]) => [status, code as ErrorCode]),
);

/** Maps every error to RFC 9457 problem details. 5xx internals are logged, never sent. */
export function problemDetails(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const errors = error.validation.map((issue) => ({
        pointer: `/${part}${issue.instancePath}`,
        detail: issue.message ?? 'is not valid',
      }));
      const first = errors[0];
      const detail = first ? `${first.pointer}: ${first.detail}` : 'The request is not valid.';
      return sendProblem(reply, 400, detail, { code: 'bad_request', errors });
    }
    if (isAbandoned(error)) {
      // Its client went away before its query's turn (db/wanted.ts): 499 as nginx logs it, to no one.
      request.log.info('the client went away before its query ran');
      return reply.code(499).send();
    }
    if (error instanceof AppError) {
      const status = errorStatus[error.code];
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, status, error.detail, { code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, status, error.message, { code: codeByStatus[status] ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(
      reply,
      500,
      `Something went wrong on our side. If it keeps happening, report request id ${request.id}.`,
      { code: 'internal' },
    );
  });
}
