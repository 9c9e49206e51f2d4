import type { FastifyInstance } from 'fastify';
import { asBackground } from '@stackyard/db/background';
import type { DbHandle } from '@stackyard/db/client';

/** How often the embedded database's maintenance looks for work: autovacuum's naptime. */
export const MAINTENANCE_INTERVAL_MS = 60_000;

/**
 * On PGlite, the vacuum, analyze and checkpoint PostgreSQL's background processes would do
 * (db/pglite-maintenance.ts), every interval while the app is up, as background work: a request's queries go
 * before its statements. A run that did something is logged. PostgreSQL does this itself: nothing to schedule.
 */
export function databaseMaintenance(
  app: FastifyInstance,
  db: DbHandle,
  intervalMs = MAINTENANCE_INTERVAL_MS,
): void {
  const maintain = db.maintain;
  if (!maintain) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    const started = performance.now();
    running = asBackground(() => maintain())
      .then(
        (report) => {
          if (report.vacuumed.length + report.analyzed.length === 0 && !report.checkpointed) return;
          const ms = Math.round(performance.now() - started);
          app.log.info({ ...report, ms }, 'database maintenance');
        },
        (error: unknown) => app.log.warn({ err: error }, 'database maintenance failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await running;
  });
}
