import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const bin = fileURLToPath(new URL('../../bin/stackyard.js', import.meta.url));

/**
 * Runs the real `stackyard` bin in a child process as a user would: of this environment only PATH, its
 * config under `configHome`, `stdin` as its input (closed at once when not given).
 */
export function runBin(
  args: string[],
  configHome: string,
  options: { stdin?: string; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { PATH: process.env.PATH ?? '', XDG_CONFIG_HOME: configHome, ...options.env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(options.stdin ?? '');
  });
}
