// The benchmarks log at info as production does, into a stream that drops the lines, so the cost of
// request logging is part of every figure (the API's and the baseline's alike).
import type { FastifyInstance } from 'fastify';

export const discardLogs = { write: () => {} };

const LINES = 2_000;

/** Mean µs of what Fastify logs per request at info: a child logger, "incoming request" and "request completed". */
export function loggingCost(app: FastifyInstance): number {
  const request = {
    method: 'GET',
    url: '/api/v1/tools?workspace_id=00000000-0000-4000-9000-000000000000&limit=50',
    headers: { host: '127.0.0.1', authorization: 'Bearer x' },
    host: '127.0.0.1',
    ip: '127.0.0.1',
    socket: { remotePort: 40000 },
  };
  const reply = { statusCode: 200 };
  const started = performance.now();
  for (let i = 0; i < LINES; i++) {
    const log = app.log.child({ reqId: `req-${i}` });
    log.info({ req: request }, 'incoming request');
    log.info({ res: reply, responseTime: 1.5 }, 'request completed');
  }
  return (performance.now() - started) / LINES;
}
