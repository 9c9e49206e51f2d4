import { describe, expect, it } from 'vitest';
import { gitBlobSha } from './commit-files.ts';
import { renderRepository } from './render.ts';
import type { RenderInputDraft } from './render-model.ts';
import { syncWorkspace } from './sync-workspace.ts';
import { SECONDARY_RATE_LIMIT_MESSAGE } from './testing/fake-github.ts';
import { fakeSetupPerTest } from './testing/fake-github-setup.ts';
import { sampleWorkspace } from './testing/sample-workspace.ts';

const COMMITS = /^\/repos\/acme\/stack\/git\/commits$/;
const REF = /^\/repos\/acme\/stack\/git\/refs\/heads\/main$/;

const start = fakeSetupPerTest();

const withoutVitest: RenderInputDraft = {
  ...sampleWorkspace,
  tools: (sampleWorkspace.tools ?? []).filter((tool) => tool.slug !== 'vitest'),
};

describe('syncWorkspace', () => {
  it('populates an empty repository with one root commit holding the whole workspace', async () => {
    const { fake, client, target } = await start();
    const result = await syncWorkspace(client, target, sampleWorkspace);
    expect(result).toMatchObject({ ok: true, value: { committed: true, branch: 'main', deleted: [] } });
    const repository = fake.repository('acme/stack');
    expect(repository.files()).toEqual(renderRepository(sampleWorkspace).files);
    expect(repository.log()).toHaveLength(1);
    expect(repository.log()[0]).toMatchObject({ parents: [], message: 'Sync workspace from stackyard' });
  });

  it('also populates an empty repository whose branch lookup answers 404', async () => {
    const { fake, client, target } = await start();
    fake.failNext({ method: 'GET', path: /\/git\/ref\/heads\/main$/, status: 404, message: 'Not Found' });
    expect(await syncWorkspace(client, target, sampleWorkspace)).toMatchObject({
      ok: true,
      value: { committed: true },
    });
    expect(fake.repository('acme/stack').log()).toHaveLength(1);
  });

  it('makes no commit when the data did not change', async () => {
    const { fake, client, target } = await start({ files: { LICENSE: 'MIT' } });
    const first = await syncWorkspace(client, target, sampleWorkspace);
    expect(first).toMatchObject({ ok: true, value: { committed: true } });
    const second = await syncWorkspace(client, target, sampleWorkspace);
    expect(second).toEqual({
      ok: true,
      value: {
        committed: false,
        commitSha: first.ok ? first.value.commitSha : '',
        branch: 'main',
        written: [],
        deleted: [],
      },
    });
    expect(fake.count('POST', COMMITS)).toBe(1);
    expect(fake.count('PATCH', REF)).toBe(1);
    expect(fake.repository('acme/stack').log()).toHaveLength(2);
  });

  it('writes only changed files, deletes files it no longer generates, and keeps the user’s files', async () => {
    const { fake, client, target } = await start({
      files: { 'notes/ideas.md': 'mine', 'tools/handwritten.md': 'mine too' },
    });
    await syncWorkspace(client, target, sampleWorkspace);
    fake.repository('acme/stack').push({ 'docs/later.md': 'added after the first sync' }, 'user commit');

    const result = await syncWorkspace(client, target, withoutVitest, { message: 'Remove vitest' });
    expect(result).toMatchObject({
      ok: true,
      value: {
        committed: true,
        written: ['README.md', 'projects/launchpad.md', 'stackyard.json'],
        deleted: ['tools/vitest.md'],
      },
    });
    const files = fake.repository('acme/stack').files();
    expect(files['tools/vitest.md']).toBeUndefined();
    expect(files['tools/drizzle.md']).toBeDefined();
    expect(files['notes/ideas.md']).toBe('mine');
    expect(files['tools/handwritten.md']).toBe('mine too');
    expect(files['docs/later.md']).toBe('added after the first sync');
    expect(
      fake
        .repository('acme/stack')
        .log()
        .map((commit) => commit.message),
    ).toEqual(['Remove vitest', 'user commit', 'Sync workspace from stackyard', 'Initial commit']);
  });

  it('restores an owned file the user edited, on the next change or populate', async () => {
    const { fake, client, target } = await start();
    await syncWorkspace(client, target, sampleWorkspace);
    fake.repository('acme/stack').push({ 'tools/vitest.md': 'edited by hand' }, 'user edit');
    const result = await syncWorkspace(client, target, sampleWorkspace);
    expect(result).toMatchObject({ ok: true, value: { committed: true, written: ['tools/vitest.md'] } });
    expect(fake.repository('acme/stack').files()['tools/vitest.md']).toBe(
      renderRepository(sampleWorkspace).files['tools/vitest.md'],
    );
  });

  it('starts over on top of a push that landed during the sync', async () => {
    const { fake, client, target } = await start({ files: { LICENSE: 'MIT' } });
    fake.beforeNext(REF, () =>
      fake.repository('acme/stack').push({ 'CHANGELOG.md': 'pushed meanwhile' }, 'concurrent'),
    );
    const result = await syncWorkspace(client, target, sampleWorkspace);
    expect(result).toMatchObject({ ok: true, value: { committed: true } });
    const repository = fake.repository('acme/stack');
    expect(repository.files()['CHANGELOG.md']).toBe('pushed meanwhile');
    expect(repository.log().map((commit) => commit.message)).toEqual([
      'Sync workspace from stackyard',
      'concurrent',
      'Initial commit',
    ]);
    expect(
      fake.requests
        .filter((request) => REF.test(request.path) && request.method === 'PATCH')
        .map((r) => r.status),
    ).toEqual([422, 200]);
  });

  it('gives up as a retryable conflict when pushes keep landing during the sync', async () => {
    const { fake, client, target } = await start({ files: { LICENSE: 'MIT' } });
    const push = (name: string) => () => fake.repository('acme/stack').push({ [name]: 'pushed' }, name);
    fake.beforeNext(REF, push('one.md'));
    fake.beforeNext(REF, push('two.md'));
    const result = await syncWorkspace(client, target, sampleWorkspace);
    expect(result).toMatchObject({ ok: false, failure: { code: 'conflict', retryable: true } });
    expect(await syncWorkspace(client, target, sampleWorkspace)).toMatchObject({
      ok: true,
      value: { committed: true },
    });
    expect(Object.keys(fake.repository('acme/stack').files())).toEqual(
      expect.arrayContaining(['one.md', 'two.md', 'LICENSE', 'stackyard.json']),
    );
  });

  it('never forces the first commit over a push that landed while populating', async () => {
    const { fake, client, target } = await start();
    fake.beforeNext(/\/git\/commits$/, () =>
      fake.repository('acme/stack').push({ 'early.md': 'mine' }, 'early push'),
    );
    const result = await syncWorkspace(client, target, sampleWorkspace);
    expect(result).toMatchObject({ ok: false, failure: { code: 'conflict', retryable: true } });
    expect(await syncWorkspace(client, target, sampleWorkspace)).toMatchObject({
      ok: true,
      value: { committed: true },
    });
    const files = fake.repository('acme/stack').files();
    expect(files['early.md']).toBe('mine');
    expect(files).toMatchObject(renderRepository(sampleWorkspace).files);
  });

  it('survives an expired installation token in the middle of a sync', async () => {
    const { fake, client, target } = await start({ files: { LICENSE: 'MIT' } });
    await client.checkRepository(target);
    fake.beforeNext(/\/git\/trees$/, () => fake.expireTokens());
    const result = await syncWorkspace(client, target, sampleWorkspace);
    expect(result).toMatchObject({ ok: true, value: { committed: true } });
    expect(fake.count('POST', /access_tokens$/)).toBe(2);
  });

  it('reports failures without losing data: the next sync brings the repository up to date', async () => {
    const { fake, client, target } = await start({ files: { LICENSE: 'MIT' } });
    const cases = [
      {
        status: 403,
        message: SECONDARY_RATE_LIMIT_MESSAGE,
        headers: { 'retry-after': '7' },
        code: 'rate_limited',
        retryAfterMs: 7000,
      },
      { status: 500, message: 'Server Error', code: 'server_error' },
      { status: 403, message: 'Resource not accessible by integration', code: 'forbidden' },
    ] as const;
    for (const failure of cases) {
      fake.failNext({
        method: 'POST',
        path: COMMITS,
        status: failure.status,
        message: failure.message,
        ...('headers' in failure ? { headers: failure.headers } : {}),
      });
      const result = await syncWorkspace(client, target, sampleWorkspace);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.failure.code).toBe(failure.code);
      expect(result.failure.retryable).toBe(failure.code !== 'forbidden');
      if ('retryAfterMs' in failure) expect(result.failure.retryAfterMs).toBe(failure.retryAfterMs);
      expect(fake.repository('acme/stack').files()).toEqual({ LICENSE: 'MIT' });
    }
    const result = await syncWorkspace(client, target, sampleWorkspace);
    expect(result).toMatchObject({ ok: true, value: { committed: true } });
    expect(fake.repository('acme/stack').files()).toEqual({
      LICENSE: 'MIT',
      ...renderRepository(sampleWorkspace).files,
    });
  });

  it('finishes a first populate that failed half way on the next sync', async () => {
    const { fake, client, target } = await start();
    fake.failNext({ method: 'POST', path: /\/git\/trees$/, status: 502, message: 'Server Error' });
    expect(await syncWorkspace(client, target, sampleWorkspace)).toMatchObject({
      ok: false,
      failure: { code: 'server_error', retryable: true },
    });
    expect(await syncWorkspace(client, target, sampleWorkspace)).toMatchObject({
      ok: true,
      value: { committed: true },
    });
    expect(fake.repository('acme/stack').files()).toEqual(renderRepository(sampleWorkspace).files);
  });

  it('never deletes a user file, even one an edited manifest claims', async () => {
    const { fake, client, target } = await start({ files: { 'notes/ideas.md': 'mine' } });
    await syncWorkspace(client, target, sampleWorkspace);
    const manifest = JSON.parse(fake.repository('acme/stack').files()['stackyard.json'] ?? '{}');
    manifest.files.push('notes/ideas.md', 'tools/../notes/ideas.md');
    fake.repository('acme/stack').push({ 'stackyard.json': JSON.stringify(manifest) }, 'hand edit');
    const result = await syncWorkspace(client, target, withoutVitest);
    expect(result).toMatchObject({ ok: true, value: { deleted: ['tools/vitest.md'] } });
    expect(fake.repository('acme/stack').files()['notes/ideas.md']).toBe('mine');
  });

  it('reports a repository that was deleted or taken away from the installation', async () => {
    const { fake, client, target } = await start({ files: { LICENSE: 'MIT' } });
    fake.removeRepository('acme/stack');
    const result = await syncWorkspace(client, target, sampleWorkspace);
    expect(result).toMatchObject({
      ok: false,
      failure: { code: 'repository_not_found', retryable: false, status: 404 },
    });
  });

  it('reports an installation that was uninstalled or suspended', async () => {
    const { fake, client, target } = await start();
    fake.addInstallation(target.installationId, 'acme', ['acme/stack']).suspended = true;
    expect(await syncWorkspace(client, target, sampleWorkspace)).toMatchObject({
      ok: false,
      failure: { code: 'installation_suspended' },
    });
    const gone = await syncWorkspace(client, { ...target, installationId: 404 }, sampleWorkspace);
    expect(gone).toMatchObject({ ok: false, failure: { code: 'installation_invalid', retryable: false } });
  });

  it('refuses to write to an archived repository', async () => {
    const { fake, client, target } = await start({ files: { LICENSE: 'MIT' } });
    fake.repository('acme/stack').archived = true;
    expect(await syncWorkspace(client, target, sampleWorkspace)).toMatchObject({
      ok: false,
      failure: { code: 'repository_archived', retryable: false },
    });
  });
});

describe('gitBlobSha', () => {
  it('matches git hash-object', () => {
    // `printf 'hello\n' | git hash-object --stdin`
    expect(gitBlobSha('hello\n')).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    expect(gitBlobSha('')).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
  });
});

describe('syncWorkspace with export files (guarded)', () => {
  const exports = (agents: string, lastWritten: Record<string, string> = {}) => ({
    files: { 'AGENTS.md': agents, '.cursor/rules/stack.mdc': '---\nalwaysApply: true\n---\nrule\n' },
    lastWritten,
  });

  it('writes them in the same single commit as the workspace, into an empty repository too', async () => {
    const { fake, client, target } = await start();
    const result = await syncWorkspace(client, target, sampleWorkspace, { exports: exports('# Stack v1\n') });
    expect(result).toMatchObject({
      ok: true,
      value: {
        committed: true,
        guarded: {
          written: { 'AGENTS.md': gitBlobSha('# Stack v1\n'), '.cursor/rules/stack.mdc': expect.any(String) },
          conflicts: [],
        },
      },
    });
    const repository = fake.repository('acme/stack');
    expect(repository.log()).toHaveLength(1);
    expect(repository.files()['AGENTS.md']).toBe('# Stack v1\n');
    expect(repository.files()['.cursor/rules/stack.mdc']).toContain('alwaysApply: true');
    expect(repository.files()['README.md']).toBeDefined();
  });

  it('updates a file it wrote, but leaves one the user edited since and reports it', async () => {
    const { fake, client, target } = await start({ files: { LICENSE: 'MIT' } });
    const first = await syncWorkspace(client, target, sampleWorkspace, { exports: exports('# Stack v1\n') });
    const lastWritten = first.ok ? (first.value.guarded?.written ?? {}) : {};

    // Unedited: the new content replaces stackyard's own file.
    const second = await syncWorkspace(client, target, sampleWorkspace, {
      exports: exports('# Stack v2\n', lastWritten),
    });
    expect(second).toMatchObject({ ok: true, value: { committed: true, written: ['AGENTS.md'] } });
    expect(fake.repository('acme/stack').files()['AGENTS.md']).toBe('# Stack v2\n');

    // Edited by hand: left alone, reported, and the rest of the batch still lands.
    const afterSecond = second.ok ? (second.value.guarded?.written ?? {}) : {};
    fake.repository('acme/stack').push({ 'AGENTS.md': '# Our own rules\n' }, 'user edit');
    const third = await syncWorkspace(client, target, withoutVitest, {
      exports: exports('# Stack v3\n', { ...lastWritten, ...afterSecond }),
    });
    expect(third).toMatchObject({
      ok: true,
      value: { committed: true, guarded: { conflicts: ['AGENTS.md'] } },
    });
    const files = fake.repository('acme/stack').files();
    expect(files['AGENTS.md']).toBe('# Our own rules\n');
    expect(files['tools/vitest.md']).toBeUndefined();
  });

  it('never overwrites a file the repository held before stackyard wrote one there', async () => {
    const { fake, client, target } = await start({ files: { 'AGENTS.md': 'handwritten' } });
    const result = await syncWorkspace(client, target, sampleWorkspace, { exports: exports('# Stack\n') });
    expect(result).toMatchObject({ ok: true, value: { guarded: { conflicts: ['AGENTS.md'] } } });
    expect(fake.repository('acme/stack').files()['AGENTS.md']).toBe('handwritten');
  });

  it('writes a file again once the user deleted it', async () => {
    const { fake, client, target } = await start({ files: { 'AGENTS.md': 'handwritten' } });
    await syncWorkspace(client, target, sampleWorkspace, { exports: exports('# Stack\n') });
    fake.repository('acme/stack').push({ 'AGENTS.md': null }, 'hand the file back');
    const result = await syncWorkspace(client, target, sampleWorkspace, { exports: exports('# Stack\n') });
    expect(result).toMatchObject({ ok: true, value: { committed: true, guarded: { conflicts: [] } } });
    expect(fake.repository('acme/stack').files()['AGENTS.md']).toBe('# Stack\n');
  });
});
