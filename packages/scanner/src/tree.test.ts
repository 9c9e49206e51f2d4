import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localTree } from './tree.ts';

// The walk reads a level's directories together: its listing must still be breadth first, each directory's
// entries by name, so that a bound on the files cuts the same ones.

const root = mkdtempSync(join(tmpdir(), 'stackyard-tree-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files = [
  'z.txt',
  'a/package.json',
  'a/b/c/go.mod',
  'a/b/pom.xml',
  ...Array.from({ length: 40 }, (_, n) => `many/d${String(n).padStart(2, '0')}/Cargo.toml`),
  'many/d07/deeper/requirements.txt',
  'b/node_modules/x/package.json',
  'b/Gemfile',
];
for (const file of files) {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), '');
}

describe('listing a local tree', () => {
  it('goes level by level, each directory in name order, skipping installed packages', async () => {
    const listed = await localTree(root).list();
    expect(listed.truncated).toBe(false);
    expect(listed.files.map((file) => file.path)).toEqual([
      'z.txt',
      'a/package.json',
      'b/Gemfile',
      'a/b/pom.xml',
      ...Array.from({ length: 40 }, (_, n) => `many/d${String(n).padStart(2, '0')}/Cargo.toml`),
      'a/b/c/go.mod',
      'many/d07/deeper/requirements.txt',
    ]);
  });

  it('a bound on the files keeps the first ones of that order', async () => {
    const listed = await localTree(root, { maxFiles: 10 }).list();
    expect(listed.truncated).toBe(true);
    expect(listed.files.map((file) => file.path)).toEqual([
      'z.txt',
      'a/package.json',
      'b/Gemfile',
      'a/b/pom.xml',
      ...Array.from({ length: 6 }, (_, n) => `many/d0${n}/Cargo.toml`),
    ]);
  });
});
