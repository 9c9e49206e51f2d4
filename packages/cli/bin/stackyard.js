#!/usr/bin/env node
// The sources are TypeScript, run by Node's own type stripping: on by default from Node 22.18, behind a flag
// from 22.6. This file is plain JavaScript so that an older node can still read it and hand over to a Node
// that can: in a checkout, the one `npm start` runs under (scripts/with-node.sh fetches it once).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
const self = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);

function handOver(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.error) process.stderr.write(`stackyard: could not start ${command}: ${result.error.message}\n`);
  process.exitCode = result.status ?? 1;
}

if (major > 22 || (major === 22 && minor >= 18) || process.execArgv.includes('--experimental-strip-types')) {
  const { main } = await import('../src/main.ts');
  process.exitCode = await main(args, {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  });
} else if (major === 22 && minor >= 6) {
  handOver(process.execPath, [
    '--experimental-strip-types',
    '--disable-warning=ExperimentalWarning',
    self,
    ...args,
  ]);
} else {
  const withNode = fileURLToPath(new URL('../../../scripts/with-node.sh', import.meta.url));
  if (existsSync(withNode)) handOver('sh', [withNode, 'node', self, ...args]);
  else {
    process.stderr.write(`stackyard: needs Node.js 22.18 or newer; this is ${process.version}\n`);
    process.exitCode = 1;
  }
}
