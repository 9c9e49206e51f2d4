import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

const savedSchema = z.object({ url: z.string().url(), token: z.string().min(1) });
export type Credentials = z.infer<typeof savedSchema>;

/** Where `login` keeps the URL and token: the user's config directory, readable by them alone. */
export function configPath(env: NodeJS.ProcessEnv): string {
  const base =
    env.XDG_CONFIG_HOME ||
    (process.platform === 'win32' && env.APPDATA ? env.APPDATA : join(env.HOME || homedir(), '.config'));
  return join(base, 'stackyard', 'config.json');
}

export function saveCredentials(env: NodeJS.ProcessEnv, credentials: Credentials): string {
  const path = configPath(env);
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  // writeFileSync keeps the mode of a file that already exists: make sure an old one is private too.
  chmodSync(path, 0o600);
  return path;
}

/** STACKYARD_URL and STACKYARD_TOKEN win over the saved login (CI, or an MCP client's env block). */
export function loadCredentials(env: NodeJS.ProcessEnv): Credentials | null {
  let saved: Partial<Credentials> = {};
  try {
    const parsed = savedSchema.partial().safeParse(JSON.parse(readFileSync(configPath(env), 'utf8')));
    if (parsed.success) saved = parsed.data;
  } catch {
    // No saved login: the environment may still name one.
  }
  const url = env.STACKYARD_URL || saved.url;
  const token = env.STACKYARD_TOKEN || saved.token;
  return url && token ? { url, token } : null;
}
