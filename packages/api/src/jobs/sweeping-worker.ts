import type { JobLog, JobWorker } from '@stackyard/db/job-queue';

// A queue's worker with a sweep beside it: every so often the sweep enqueues the work no job waits for yet
// (facts grown stale, links due a check, changes no sync job carries after a crash), then wakes the worker.

export interface SweepingWorker extends JobWorker {
  /** Enqueues what is due; answers how many jobs. */
  sweep(): Promise<number>;
}

export interface SweepOptions {
  /** Between two sweeps; 0 or less: no sweeping (a call to `sweep` still works). */
  everyMs: number;
  /** Sweep at start as well, not only after the first interval. */
  atStart?: boolean;
  log: JobLog;
  /** What the log says when a sweep fails, e.g. "tool facts sweep failed". */
  failure: string;
}

export function withSweep(
  worker: JobWorker,
  enqueueDue: () => Promise<number>,
  options: SweepOptions,
): SweepingWorker {
  let timer: NodeJS.Timeout | null = null;

  async function sweep(): Promise<number> {
    const due = await enqueueDue();
    if (due > 0) worker.wake();
    return due;
  }
  const sweepQuietly = () =>
    void sweep().catch((error: unknown) => options.log.error({ err: error }, options.failure));

  return {
    start() {
      worker.start();
      if (timer || options.everyMs <= 0) return;
      if (options.atStart) sweepQuietly();
      timer = setInterval(sweepQuietly, options.everyMs);
      timer.unref();
    },
    wake: () => worker.wake(),
    drain: () => worker.drain(),
    sweep,
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await worker.stop();
    },
  };
}
