import { describe, expect, it } from 'vitest';
import { fakeSetupPerTest } from './testing/fake-github-setup.ts';

const start = fakeSetupPerTest();

const FILES = {
  'package.json': '{"dependencies":{"react":"^19.0.0"}}',
  'services/api/requirements.txt': 'fastapi==0.115.0\n',
  'README.md': '# Stack\n',
};

describe('readTree and readBlob', () => {
  it('lists the files at the head of the default branch and reads one', async () => {
    const setup = await start({ files: FILES });
    const { fake, client, target } = setup;
    const head = fake.repository('acme/stack').refs.get('main');

    const tree = await client.readTree(target);
    expect(tree.ok).toBe(true);
    if (!tree.ok) return;
    expect(tree.value).toMatchObject({ branch: 'main', commitSha: head, truncated: false });
    expect(tree.value.files.map((file) => file.path)).toEqual([
      'README.md',
      'package.json',
      'services/api/requirements.txt',
    ]);
    const requirements = tree.value.files.find((file) => file.path === 'services/api/requirements.txt');
    expect(requirements?.size).toBe(FILES['services/api/requirements.txt'].length);

    const blob = await client.readBlob(target, requirements?.sha ?? '');
    expect(blob).toEqual({ ok: true, value: FILES['services/api/requirements.txt'] });
  });

  it('says when GitHub listed only part of the tree', async () => {
    const setup = await start({ files: FILES });
    setup.fake.repository('acme/stack').listingLimit = 2;
    const tree = await setup.client.readTree(setup.target);
    expect(tree).toMatchObject({ ok: true, value: { truncated: true } });
    if (tree.ok) expect(tree.value.files.length).toBeLessThanOrEqual(2);
  });

  it('answers an empty repository with no files', async () => {
    const setup = await start();
    const tree = await setup.client.readTree(setup.target);
    expect(tree).toEqual({
      ok: true,
      value: { branch: 'main', commitSha: null, files: [], truncated: false },
    });
  });

  it('reports a repository the installation cannot reach', async () => {
    const setup = await start({ files: FILES });
    setup.fake.removeRepository('acme/stack');
    const tree = await setup.client.readTree(setup.target);
    expect(tree).toMatchObject({ ok: false, failure: { status: 404 } });
  });
});
