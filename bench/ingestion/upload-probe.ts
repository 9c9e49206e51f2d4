// The client side of the upload benchmark, in a worker thread so it never shares the server's event loop:
// sends one bookmarks file and, until the answer comes, asks /healthz one request after the other, timing
// each. Without a file it asks /healthz for `idleMs` (the baseline).
import { parentPort, workerData } from 'node:worker_threads';

export interface ProbeJob {
  baseUrl: string;
  uploadPath: string;
  token: string;
  file: string | null;
  idleMs: number;
}

export interface ProbeResult {
  status: number | null;
  uploadMs: number;
  healthzMs: number[];
}

async function probe(job: ProbeJob): Promise<ProbeResult> {
  const started = performance.now();
  let status: number | null = null;
  let done = false;
  const upload = job.file
    ? fetch(`${job.baseUrl}${job.uploadPath}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${job.token}`, 'content-type': 'text/html; charset=utf-8' },
        body: job.file,
      }).then(async (response) => {
        await response.arrayBuffer();
        status = response.status;
      })
    : new Promise<void>((resolve) => setTimeout(resolve, job.idleMs));
  const finished = upload.finally(() => (done = true));
  const healthzMs: number[] = [];
  while (!done) {
    const asked = performance.now();
    const response = await fetch(`${job.baseUrl}/healthz`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/healthz answered ${response.status}`);
    healthzMs.push(performance.now() - asked);
  }
  await finished;
  return { status, uploadMs: performance.now() - started, healthzMs };
}

if (parentPort) {
  const port = parentPort;
  probe(workerData as ProbeJob).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ error: String(error) }),
  );
}
