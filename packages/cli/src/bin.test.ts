// `npx stackyard` on a machine whose `node` is older than the sources need: the bin hands over to the Node the
// npm scripts run under (already provisioned in the cache where these tests run, so no network is asked).
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '@stackyard/testing/processes';

const bin = fileURLToPath(new URL('../bin/stackyard.js', import.meta.url));

/** The machine's own node when it is older than 22 (this machine's and CI's are Node 20). */
function oldSystemNode(): string | undefined {
  for (const node of ['/usr/bin/node', '/usr/local/bin/node']) {
    try {
      const major = Number(
        execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).split('.')[0],
      );
      if (major < 22) return node;
    } catch {
      // not there
    }
  }
  return undefined;
}

const oldNode = oldSystemNode();

describe('the stackyard bin', () => {
  it.skipIf(!oldNode)('runs under an old node by handing over to the provisioned one, as npx does', () => {
    const env: NodeJS.ProcessEnv = { HOME: process.env.HOME, PATH: '/usr/bin:/bin' };
    if (process.env.STACKYARD_NODE_CACHE) env.STACKYARD_NODE_CACHE = process.env.STACKYARD_NODE_CACHE;
    const result = spawnSync(oldNode as string, [bin, '--help'], { cwd: repoRoot, encoding: 'utf8', env });
    expect(result.stderr).toMatch(/^stackyard: node on PATH is v\d+\.[^\n]*; running under .*\(v2[4-9]\./);
    expect(result.stdout).toContain('stackyard login [--url URL] [--token TOKEN]');
    expect(result.status).toBe(0);

    const npx = spawnSync('npx', ['stackyard', 'frobnicate'], { cwd: repoRoot, encoding: 'utf8', env });
    expect(npx.stderr).toContain('stackyard: unknown command "frobnicate"; see stackyard --help');
    expect(npx.status).toBe(2);
  });

  it('runs the sources directly on a current node', () => {
    const result = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
