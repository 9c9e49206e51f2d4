import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@stackyard/db/client';
import { sendProblem } from '../plugins/problem-details.ts';

const READY_TIMEOUT_MS = 2_000;
// A probe's answer is a few bytes, under the compression threshold: the compression hooks are left off it, and
// with them their test of each answer against the global `Response`, whose first use loads undici (~25 ms of
// a just-started server's first answer).
const PROBE = { compress: false, decompress: false } as const;

/** /healthz: the process answers. /readyz: the database answers too. */
export function healthRoutes(app: FastifyInstance, db: DbHandle): void {
  app.get('/healthz', PROBE, async () => ({ status: 'ok' }));

  app.get('/readyz', PROBE, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ok', database: db.driver };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return sendProblem(reply, 503, 'The database does not answer.', { code: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
