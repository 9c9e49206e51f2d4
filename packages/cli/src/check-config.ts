import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

// `.stackyard.json` at the top of the checked tree: how much each stance matters to `stackyard check`, and
// what it leaves alone.

export const CONFIG_FILE = '.stackyard.json';

const levelSchema = z.enum(['error', 'warn', 'off'], { error: 'A level is error, warn or off' });
export type Level = z.infer<typeof levelSchema>;

export const checkConfigSchema = z.strictObject({
  levels: z
    .strictObject({
      /** A tool the team avoids. */
      avoid: levelSchema.default('error'),
      /** A tool the team accepts but does not prefer. */
      accepted: levelSchema.default('off'),
      /** A dependency that is no tool of the workspace. */
      unknown: levelSchema.default('off'),
    })
    .default({ avoid: 'error', accepted: 'off', unknown: 'off' }),
  /** Dependencies to leave alone: a name (`moment`), an ecosystem and name (`npm:moment`) or a tool's slug. */
  ignore: z.array(z.string().trim().min(1)).default([]),
  /** Files to leave alone, as globs over paths in the tree (`legacy/**`, `docs/*.md`). */
  ignorePaths: z.array(z.string().trim().min(1)).default([]),
});
export type CheckConfig = z.infer<typeof checkConfigSchema>;

export class ConfigError extends Error {}

/** The given config file, else `.stackyard.json` in the tree, else the defaults. */
export function loadCheckConfig(root: string, given: string | undefined): CheckConfig {
  const path = given ?? join(root, CONFIG_FILE);
  if (!given && !existsSync(path)) return checkConfigSchema.parse({});
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = checkConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new ConfigError(`${path}: ${where}${issue?.message ?? 'not a valid configuration'}`);
  }
  return parsed.data;
}

/** `legacy/**` → a pattern over tree paths: `*` within one directory, `**` across them. */
export function pathGlob(glob: string): RegExp {
  const body = glob
    .replace(/^\.\//, '')
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body}$`);
}
