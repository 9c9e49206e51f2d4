// The probe of the enrichment benchmark, in a worker thread so that it does not share the server's event
// loop: one request at a time per path (a client polling, not a load), each latency kept, until told to stop.
import { parentPort, workerData } from 'node:worker_threads';

export interface ProbeJob {
  baseUrl: string;
  paths: Array<{ path: string; token: string | null }>;
  /** Pause between one answer and the next request of the same path. */
  intervalMs: number;
}

export interface ProbeResult {
  /** Latencies in ms, per path, in the order of `paths`. */
  latenciesMs: number[][];
  /** When each request was sent (epoch ms), beside its latency. */
  sentAt: number[][];
  /** Answers other than 200, or requests that failed, per path. */
  failures: number[];
}

async function run(job: ProbeJob, stopped: Promise<void>): Promise<ProbeResult> {
  let stop = false;
  void stopped.then(() => (stop = true));
  const result: ProbeResult = {
    latenciesMs: job.paths.map(() => []),
    sentAt: job.paths.map(() => []),
    failures: job.paths.map(() => 0),
  };
  await Promise.all(
    job.paths.map(async ({ path, token }, index) => {
      while (!stop) {
        const started = performance.now();
        const sentAt = Date.now();
        try {
          const response = await fetch(`${job.baseUrl}${path}`, {
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          await response.arrayBuffer();
          result.latenciesMs[index]?.push(performance.now() - started);
          result.sentAt[index]?.push(sentAt);
          if (response.status !== 200) result.failures[index] = (result.failures[index] ?? 0) + 1;
        } catch {
          result.failures[index] = (result.failures[index] ?? 0) + 1;
        }
        await new Promise((resolve) => setTimeout(resolve, job.intervalMs));
      }
    }),
  );
  return result;
}

if (parentPort) {
  const port = parentPort;
  const stopped = new Promise<void>((resolve) => port.once('message', () => resolve()));
  run(workerData as ProbeJob, stopped).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ error: String(error) }),
  );
}
