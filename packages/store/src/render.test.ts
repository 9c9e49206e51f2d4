import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { fileSlug, ownedPathsFromManifest, renderRepository } from './render.ts';
import type { RenderInputDraft } from './render-model.ts';
import { sampleWorkspace } from './testing/sample-workspace.ts';

function frontMatterOf(text: string): unknown {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match?.[1]) throw new Error('no front matter');
  return parseYaml(match[1]);
}

describe('renderRepository', () => {
  it('writes the manifest, one file per tool and project, and the README', () => {
    const { files, ownedPaths } = renderRepository(sampleWorkspace);
    expect(Object.keys(files).sort()).toEqual([
      'README.md',
      'projects/launchpad.md',
      'stackyard.json',
      'tools/drizzle.md',
      'tools/vitest.md',
    ]);
    expect(ownedPaths).toEqual(['README.md', 'projects/launchpad.md', 'tools/drizzle.md', 'tools/vitest.md']);
    const manifest = JSON.parse(files['stackyard.json'] ?? '');
    expect(manifest.schema_version).toBe(1);
    expect(manifest.workspace).toEqual({
      name: 'Rocket lab',
      slug: 'rocket-lab',
      description: 'Tools | for "launch" day',
    });
    expect(manifest.tools.map((tool: { slug: string }) => tool.slug)).toEqual(['drizzle', 'vitest']);
    expect(manifest.tools[1]).toMatchObject({
      path: 'tools/vitest.md',
      rating: 5,
      canonical_links: {
        homepage_url: 'https://vitest.dev/',
        forge_url: 'https://github.com/vitest-dev/vitest',
      },
      community_links: { discord_url: null, slack_url: null },
      tags: ['js', 'testing'],
    });
    expect(manifest.tags.map((tag: { tag_name: string }) => tag.tag_name)).toEqual(['testing', 'web']);
    expect(manifest.files).toEqual(ownedPaths);
  });

  it('renders the same bytes for the same data in any order', () => {
    const shuffled: RenderInputDraft = {
      ...sampleWorkspace,
      tools: [...(sampleWorkspace.tools ?? [])]
        .reverse()
        .map((tool) => ({ ...tool, tags: [...(tool.tags ?? [])].reverse() })),
      tags: [...(sampleWorkspace.tags ?? [])].reverse(),
    };
    expect(renderRepository(shuffled).files).toEqual(renderRepository(sampleWorkspace).files);
  });

  it('keeps hostile text inside the YAML front matter values', () => {
    const { files } = renderRepository(sampleWorkspace);
    expect(frontMatterOf(files['projects/launchpad.md'] ?? '')).toEqual({
      type: 'project',
      id: '33333333-3333-4333-8333-333333333333',
      slug: 'launchpad',
      name: 'Launch: pad\n---\nevil: true',
      tools: ['drizzle', 'vitest'],
      tags: ['web'],
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-03T00:00:00.000Z',
    });
    const tool = frontMatterOf(files['tools/vitest.md'] ?? '');
    expect(tool).toMatchObject({
      type: 'tool',
      slug: 'vitest',
      rating: 5,
      discord_url: null,
      tags: ['js', 'testing'],
    });
    const weird = '"quoted" \\ back\u2028line #not-a-comment: {x} [y] & *z';
    const rendered = renderRepository({
      workspace: { name: 'w', slug: 'w' },
      projects: [{ id: 'p', slug: 'p', name: weird, created_at: 'a', updated_at: 'b' }],
    });
    expect(frontMatterOf(rendered.files['projects/p.md'] ?? '')).toMatchObject({ name: weird });
  });

  it('escapes table cells, HTML and links in the README and pages', () => {
    const { files } = renderRepository(sampleWorkspace);
    const readme = files['README.md'] ?? '';
    expect(readme).toContain('# Rocket lab');
    expect(readme).toContain('Tools \\| for "launch" day');
    expect(readme).toContain(
      '| [vitest](tools/vitest.md) | [https://vitest.dev/](https://vitest.dev/) | ★★★★★ (5/5) | js, testing |',
    );
    expect(readme).toContain('| [drizzle](tools/drizzle.md) |');
    expect(readme).toContain('(https://example.com/post?a=1%7C2)');
    // Every row of a table has as many unescaped pipes as its header: no cell text split a row.
    for (const block of readme.split('\n\n').filter((part) => part.startsWith('|'))) {
      const rows = block.split('\n').filter((row) => row !== '');
      const pipes = rows.map((row) => row.replaceAll('\\|', '').split('|').length);
      expect(new Set(pipes).size).toBe(1);
    }
    const tool = files['tools/vitest.md'] ?? '';
    expect(tool).toContain('> Really &lt;b&gt;fast&lt;/b&gt;.');
    expect(files['projects/launchpad.md']).toContain('- [vitest](../tools/vitest.md)');
  });

  it('gives every entry a safe, unique file name', () => {
    expect(fileSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(fileSlug('Ünïcode Tool!')).toBe('n-code-tool');
    expect(fileSlug('...')).toBe('untitled');
    const { files } = renderRepository({
      workspace: { name: 'w', slug: 'w' },
      tools: [
        {
          workspace_tool_id: 'bbbbbbbb-0000',
          slug: 'Same',
          raw_submitted_url: 'https://a.test/',
          rating: null,
        },
        {
          workspace_tool_id: 'aaaaaaaa-0000',
          slug: 'same',
          raw_submitted_url: 'https://b.test/',
          rating: null,
        },
      ],
    });
    expect(
      Object.keys(files)
        .filter((path) => path.startsWith('tools/'))
        .sort(),
    ).toEqual(['tools/same-aaaaaaaa.md', 'tools/same-bbbbbbbb.md']);
  });
});

describe('ownedPathsFromManifest', () => {
  it('reads the files a previous sync wrote', () => {
    const { files, ownedPaths } = renderRepository(sampleWorkspace);
    expect(ownedPathsFromManifest(files['stackyard.json'] ?? '')).toEqual(ownedPaths);
  });

  it('never claims paths outside what stackyard generates, and nothing from a broken manifest', () => {
    const edited = JSON.stringify({
      files: [
        'README.md',
        'tools/ok.md',
        'src/index.ts',
        'tools/../secret.md',
        'tools/sub/x.md',
        '.github/workflows/ci.yml',
        7,
      ],
    });
    expect(ownedPathsFromManifest(edited)).toEqual(['README.md', 'tools/ok.md']);
    expect(ownedPathsFromManifest('{not json')).toEqual([]);
    expect(ownedPathsFromManifest('{"files": "README.md"}')).toEqual([]);
    expect(ownedPathsFromManifest('null')).toEqual([]);
  });
});
