// The launcher every npm script goes through: with an old `node` first on PATH it runs the command under the
// project's own Node from the cache (already provisioned here, so no network), and says so in one line.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from '@stackyard/testing/processes';

const dirs: Array<{ remove(): void }> = [];
afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));

const platformDir = `24-${process.platform}-${process.arch}`;

function newDir(): string {
  const dir = tempDir('stackyard-with-node');
  dirs.push(dir);
  return dir.path;
}

/** A folder holding only a `node` that is this test's own (current) Node. */
function currentNodeBin(root: string): string {
  const bin = join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  symlinkSync(process.execPath, join(bin, 'node'));
  return bin;
}

/** A `node` that is too old for the project: it only answers --version, as Node 20 would. */
function oldNodeBin(root: string): string {
  const bin = join(root, 'old-bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'node'), '#!/bin/sh\necho v20.20.2\n');
  chmodSync(join(bin, 'node'), 0o755);
  return bin;
}

function run(command: string[], pathFirst: string, cache: string) {
  const result = spawnSync(command[0] as string, command.slice(1), {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      HOME: process.env.HOME,
      PATH: `${pathFirst}:/usr/bin:/bin`,
      STACKYARD_NODE_CACHE: cache,
    },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const showNode = [
  'sh',
  '-c',
  'command -v node; node -p process.versions.node; echo "$npm_package_config_node_gyp_nodedir"',
];

describe('scripts/with-node.sh', () => {
  it('runs the command under the provisioned Node when the node on PATH is too old, saying so once', () => {
    const root = newDir();
    const cache = join(root, 'cache');
    const provisioned = join(cache, platformDir);
    currentNodeBin(provisioned);
    const result = run(['sh', 'scripts/with-node.sh', ...showNode], oldNodeBin(root), cache);
    expect(result.status).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      join(provisioned, 'bin/node'),
      process.versions.node,
      provisioned,
      '',
    ]);
    expect(result.stderr).toBe(
      `stackyard: node on PATH is v20.20.2 (needs >= 22); running under ${provisioned}/bin/node ` +
        `(v${process.versions.node})\n`,
    );
  });

  it('keeps the node on PATH when it is new enough, silently and without touching the cache', () => {
    const root = newDir();
    const cache = join(root, 'cache');
    const current = currentNodeBin(root);
    const result = run(['sh', 'scripts/with-node.sh', ...showNode], current, cache);
    expect(result).toEqual({
      status: 0,
      stdout: `${join(current, 'node')}\n${process.versions.node}\n\n`,
      stderr: '',
    });
  });

  it('passes the exit status of the command through', () => {
    const root = newDir();
    const result = run(['sh', 'scripts/with-node.sh', 'sh', '-c', 'exit 7'], currentNodeBin(root), root);
    expect(result.status).toBe(7);
  });

  it('gives ensure-node.sh the same Node for a shell to eval', () => {
    const root = newDir();
    const cache = join(root, 'cache');
    const provisioned = join(cache, platformDir);
    currentNodeBin(provisioned);
    const result = run(
      ['bash', '-c', 'eval "$(scripts/ensure-node.sh 2>/dev/null)" && command -v node'],
      oldNodeBin(root),
      cache,
    );
    expect(result.stdout).toBe(`${join(provisioned, 'bin/node')}\n`);
  });
});
