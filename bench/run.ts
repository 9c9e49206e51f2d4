// `npm run bench`: runs every benchmark (bench/<name>/main.ts), or only those named: `npm run bench -- startup`.
// `npm run bench -- budget` checks the ratios of the key cases against their floors (bench/README.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const benchDir = import.meta.dirname;
const wanted = process.argv.slice(2);
const names = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(benchDir, entry.name, 'main.ts')))
  .map((entry) => entry.name)
  // The budget re-runs api and catalog briefly: only when named.
  .filter((name) => (wanted.length === 0 ? name !== 'budget' : wanted.includes(name)));

let failed = false;
for (const name of names) {
  console.log(`\n## ${name}`);
  const result = spawnSync(
    process.execPath,
    ['--experimental-strip-types', join(benchDir, name, 'main.ts')],
    {
      stdio: 'inherit',
    },
  );
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
