// Per-host politeness of one worker: at most `concurrency` of its jobs hold a host at once, and one host's
// jobs start at least `spacingMs` apart. A host at its limit is left out of the claim (the job stays queued,
// no worker slot waits for it), and the worker looks again when the host frees up.

export interface HostLimits {
  /** Jobs of one host held at once. */
  concurrency: number;
  /** Least time between the starts of two jobs of one host. */
  spacingMs: number;
}

export interface HostGate {
  /** Hosts a claim must skip now. */
  busy(now: number): string[];
  /** In how many ms the first host held back only by its spacing may start again; null if none is. */
  nextStartIn(now: number): number | null;
  /** A job of the host was claimed; answers the function that lets the host go (idempotent). */
  hold(host: string, now: number): () => void;
}

export function createHostGate(limits: HostLimits): HostGate {
  const held = new Map<string, number>();
  const lastStart = new Map<string, number>();
  const spacingLeft = (host: string, now: number) =>
    (lastStart.get(host) ?? -Infinity) + limits.spacingMs - now;
  return {
    busy(now) {
      const hosts = new Set<string>();
      for (const [host, count] of held) if (count >= limits.concurrency) hosts.add(host);
      for (const host of lastStart.keys()) {
        if (spacingLeft(host, now) > 0) hosts.add(host);
        // Forgotten once its spacing is over and nothing holds it: the map stays as small as the hosts at work.
        else if (!held.has(host)) lastStart.delete(host);
      }
      return [...hosts];
    },
    nextStartIn(now) {
      let next: number | null = null;
      for (const host of lastStart.keys()) {
        const left = spacingLeft(host, now);
        if (left > 0 && (held.get(host) ?? 0) < limits.concurrency) next = Math.min(next ?? left, left);
      }
      return next;
    },
    hold(host, now) {
      held.set(host, (held.get(host) ?? 0) + 1);
      lastStart.set(host, now);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const count = (held.get(host) ?? 1) - 1;
        if (count > 0) held.set(host, count);
        else held.delete(host);
      };
    },
  };
}
