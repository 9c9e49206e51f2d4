// Gathers the calls that arrive while one batch is under way into the next batch: the worker's concurrent
// checks then share one statement instead of one each, with no timer, and each call still waits for its own
// batch, so a check's job completes only once its result is written.

export function coalesce<K, V>(run: (keys: K[]) => Promise<V[]>): (key: K) => Promise<V> {
  let waiting: Array<{ key: K; resolve: (value: V) => void; reject: (error: unknown) => void }> = [];
  let busy = false;

  async function flush(): Promise<void> {
    busy = true;
    // Lets the calls made in this turn of the event loop join the batch.
    await null;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const values = await run(batch.map((call) => call.key));
        batch.forEach((call, index) => call.resolve(values[index] as V));
      } catch (error) {
        batch.forEach((call) => call.reject(error));
      }
    }
    busy = false;
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!busy) void flush();
    });
}
