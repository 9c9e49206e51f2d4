/** Polls `probe` until it answers something truthy, which it returns; fails naming `what` after `ms`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  ms = 8_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** Reads with `read` until `done` holds for what it answers, which it returns; fails naming `what` after `ms`. */
export function readUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms?: number,
): Promise<T> {
  return waitFor(
    what,
    async () => {
      const value = await read();
      return done(value) ? { value } : null;
    },
    ms,
  ).then((found) => found.value);
}
