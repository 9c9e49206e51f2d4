import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanTree } from './scan.ts';
import { localTree, memoryTree } from './tree.ts';

const rows = (result: Awaited<ReturnType<typeof scanTree>>) =>
  result.dependencies.map((d) => [d.file, d.line, d.ecosystem, d.name, d.version]);

describe('platform pieces', () => {
  it('reads Dockerfile stages, compose images, workflow actions and runtime version files', async () => {
    const dockerfile = `ARG NODE_VERSION=22.11
FROM node:\${NODE_VERSION}-alpine AS build
RUN npm ci
FROM build AS test
FROM --platform=linux/amd64 gcr.io/distroless/nodejs22-debian12@sha256:0123abcd
FROM scratch
`;
    const compose = `services:
  db:
    image: postgres:16-alpine
  cache:
    image: "redis:7"
  app:
    build: .
`;
    const workflow = `name: CI
on: [push]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/cache/restore@v4
      - uses: ./.github/actions/setup
      - uses: docker://alpine:3.20
      - run: npm test
  release:
    uses: acme/workflows/.github/workflows/release.yml@main
`;
    const result = await scanTree(
      memoryTree({
        Dockerfile: dockerfile,
        'deploy/docker-compose.prod.yml': compose,
        '.github/workflows/ci.yml': workflow,
        '.tool-versions': 'nodejs 22.11.0\npython 3.12.7 # the api\n',
        '.nvmrc': 'v22\n',
        'py/.python-version': '3.12\n',
      }),
    );
    expect(result.findings).toEqual([]);
    expect(rows(result)).toEqual([
      ['.github/workflows/ci.yml', 7, 'github-actions', 'actions/checkout', 'v4'],
      ['.github/workflows/ci.yml', 8, 'github-actions', 'actions/cache', 'v4'],
      ['.github/workflows/ci.yml', 10, 'docker', 'alpine', '3.20'],
      ['.github/workflows/ci.yml', 13, 'github-actions', 'acme/workflows', 'main'],
      ['.nvmrc', 1, 'runtime', 'node', '22'],
      ['.tool-versions', 1, 'runtime', 'node', '22.11.0'],
      ['.tool-versions', 2, 'runtime', 'python', '3.12.7'],
      ['Dockerfile', 2, 'docker', 'node', '22.11-alpine'],
      ['Dockerfile', 5, 'docker', 'gcr.io/distroless/nodejs22-debian12', 'sha256:0123abcd'],
      ['deploy/docker-compose.prod.yml', 3, 'docker', 'postgres', '16-alpine'],
      ['deploy/docker-compose.prod.yml', 5, 'docker', 'redis', '7'],
      ['py/.python-version', 1, 'runtime', 'python', '3.12'],
    ]);
    expect(result.dependencies.every((d) => d.kind === 'platform')).toBe(true);
  });

  it('reports broken YAML as a finding', async () => {
    const result = await scanTree(memoryTree({ 'compose.yaml': 'services:\n  db: [unclosed\n' }));
    expect(result.dependencies).toEqual([]);
    expect(result.findings).toMatchObject([
      { file: 'compose.yaml', message: expect.stringMatching(/^Could not read this file: /) },
    ]);
  });
});

describe('a local directory', () => {
  const root = mkdtempSync(join(tmpdir(), 'stackyard-scan-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('skips installed packages and version control, and bounds file count and size', async () => {
    write('package.json', '{"dependencies":{"react":"^18"}}');
    write('node_modules/react/package.json', '{"dependencies":{"loose-envify":"^1"}}');
    write('.git/package.json', '{"dependencies":{"nope":"1"}}');
    write('vendor/pkg/composer.json', '{"require":{"nope/nope":"1"}}');
    write('svc/requirements.txt', `${'# padding\n'.repeat(200)}flask\n`);
    write('svc/go.mod', 'module x\n\nrequire github.com/spf13/cobra v1.8.1\n');

    const all = await scanTree(localTree(root));
    expect(rows(all)).toEqual([
      ['package.json', 1, 'npm', 'react', '^18'],
      ['svc/go.mod', 3, 'go', 'github.com/spf13/cobra', 'v1.8.1'],
      ['svc/requirements.txt', 201, 'pypi', 'flask', null],
    ]);

    // Each bound keeps the first two manifests and says in a finding what it left out.
    const bounded = [
      {
        limits: { maxFileBytes: 1000 },
        file: 'svc/requirements.txt',
        message: 'Skipped: 2006 bytes, over the 1000-byte limit.',
      },
      {
        limits: { maxFiles: 2 },
        file: '',
        message: 'Stopped listing after 2 files; the rest of the tree was not scanned.',
      },
    ];
    for (const { limits, file, message } of bounded) {
      const scan = await scanTree(localTree(root, limits));
      expect(scan.dependencies.map((d) => d.name)).toEqual(['react', 'github.com/spf13/cobra']);
      expect(scan.findings).toEqual([{ file, line: null, message }]);
    }
  });
});
