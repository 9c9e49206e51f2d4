import type pg from 'pg';

// A PostgreSQL connection of its own that LISTENs on one channel, for as long as it is wanted: a pooled
// connection cannot hold a LISTEN (it goes back to the pool). Lost, it connects again after a pause; the
// notifications sent meanwhile are missed, which the job workers' poll covers.

const RECONNECT_MS = 1_000;

export async function listenOn(
  Client: typeof pg.Client,
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new Client({ connectionString: databaseUrl });
    // Once per connection (an error is often followed by its end); a failed reconnection comes here too.
    const lost = () => {
      if (client !== next) return;
      client = null;
      void next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), RECONNECT_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      lost();
      throw error;
    }
  }

  try {
    await connect();
  } catch (error) {
    stopped = true;
    if (retry) clearTimeout(retry);
    throw error;
  }
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}
