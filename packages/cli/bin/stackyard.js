#!/usr/bin/env node
// The sources are TypeScript, run by Node's own type stripping (Node 22.18+ or 23.6+).
import { main } from '../src/main.ts';

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
