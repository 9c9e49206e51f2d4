import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { STACK_EXPORT_FORMATS, STACK_EXPORT_PATHS, stackFileSchema } from '@stackyard/contracts/stack';
import { fixtureStack, HOSTILE_COMMENT, HOSTILE_NOTE, LISTING_FORMATS } from './fixture.ts';
import { exportFormats, renderExport, renderExports } from './formats.ts';

const content = (format: (typeof STACK_EXPORT_FORMATS)[number]) => renderExport(fixtureStack, format).content;

/** The YAML front matter of a rule file: it must open on line 1 and close before the body. */
function frontMatter(text: string): unknown {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match?.[1]) throw new Error('no front matter');
  return parseYaml(match[1]);
}

describe('AI-assistant export formats', () => {
  it.each(STACK_EXPORT_FORMATS)('%s matches its golden file', async (format) => {
    const file = renderExport(fixtureStack, format);
    await expect(file.content).toMatchFileSnapshot(`golden/${file.path.replaceAll('/', '__')}`);
  });

  it('renders the same bytes every time, whatever order the formats are asked in', () => {
    const forward = renderExports(fixtureStack, ['llms-txt', 'agents-md']);
    const backward = renderExports(fixtureStack, ['agents-md', 'llms-txt']);
    expect(forward).toEqual(backward);
    expect(forward.map((file) => file.path)).toEqual(['AGENTS.md', 'llms.txt']);
    expect(renderExports(fixtureStack, null).map((file) => file.format)).toEqual([...STACK_EXPORT_FORMATS]);
  });

  it('keeps Markdown and front-matter characters of a note inside one list item', () => {
    for (const format of LISTING_FORMATS) {
      const text = content(format);
      const item = text.split('\n').filter((line) => line.includes('Not a heading'));
      expect(item.length, format).toBeGreaterThan(0);
      for (const line of item) expect(line.startsWith('- '), `${format}: ${line}`).toBe(true);
      // The note's own "---" and "# …" lines did not become lines of the file.
      expect(text.split('\n').filter((line) => line === '---').length, format).toBe(
        format === 'cursor-rules' || format === 'windsurf-rules' ? 2 : 0,
      );
      expect(text).not.toMatch(/^# Not a heading/m);
      expect(text).not.toContain('<b>');
      expect(text).not.toContain('<script>');
    }
  });

  it("leaves no assistant's import or directive syntax live in any file, whatever the user text", () => {
    const markdownFormats = [...LISTING_FORMATS, 'claude-md', 'llms-txt'] as const;
    for (const format of STACK_EXPORT_FORMATS) {
      const text = content(format);
      // No separator a reader could take for a new line, no control or invisible character.
      expect(text, format).not.toMatch(/[\r\v\f\u0085\u2028\u2029\u202e\u200b]/);
    }
    for (const format of markdownFormats) {
      // Outside the install commands' code fence (where imports are ignored), every `@` and `#` of user text
      // is escaped: no `@path` import after whitespace, no `#file:` reference, no HTML comment.
      const prose = content(format).replace(/```sh\n[\s\S]*?```/g, '');
      const imports = prose.split('\n').filter((line) => /(^|\s)@/.test(line));
      expect(imports, format).toEqual(format === 'claude-md' ? ['@AGENTS.md'] : []);
      expect(prose, format).not.toMatch(/(^|[^\\])#file:/);
      expect(prose, format).not.toContain('<!--');
      expect(prose, format).not.toMatch(/^[^\n]*\\@\.env[^\n]*\n---$/m);
    }
    // A heading of the workspace's name stays one heading.
    expect(content('agents-md').split('\n')[2]).toBe('## Acme: "Platform" \\#1 --- \\@.env stack');
    // stack.json keeps the comment exactly, its separators escaped in the file.
    const document = stackFileSchema.parse(JSON.parse(content('stack-json')));
    const pydantic = document.categories
      .flatMap((category) => category.tools)
      .find((t) => t.slug === 'pydantic');
    expect(pydantic?.top_comment).toContain(HOSTILE_COMMENT);
    expect(document.workspace.name).toBe(fixtureStack.workspace.name);
  });

  it('writes Cursor and Windsurf front matter that parses as YAML, with a bare boolean', () => {
    expect(frontMatter(content('cursor-rules'))).toEqual({
      description:
        'Preferred stack of Acme: "Platform" #1 --- @.env: which libraries and tools to use and avoid',
      alwaysApply: true,
    });
    expect(frontMatter(content('windsurf-rules'))).toEqual({ trigger: 'always_on' });
  });

  it('makes CLAUDE.md import AGENTS.md instead of repeating it', () => {
    const text = content('claude-md');
    expect(text.split('\n')[0]).toBe('@AGENTS.md');
    expect(text).not.toContain('Drizzle');
  });

  it('writes stack.json that validates against its published schema, notes intact', () => {
    const schema: unknown = JSON.parse(content('stack-schema'));
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(schema as object);
    const document: unknown = JSON.parse(content('stack-json'));
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const parsed = stackFileSchema.parse(document);
    const vitest = parsed.categories
      .flatMap((category) => category.tools)
      .find((tool) => tool.slug === 'vitest');
    expect(vitest?.note).toBe(HOSTILE_NOTE);
    expect(vitest?.packages).toEqual([{ ecosystem: 'npm', name: 'vitest', version: '4.1.0-beta.2' }]);
    // The schema rejects what the API would not write.
    expect(validate({ ...(document as object), version: 1 })).toBe(false);
  });

  it('writes a package.json fragment of the preferred npm packages only, at the versions the facts know', () => {
    expect(JSON.parse(content('package-json'))).toEqual({
      // A pre-release is no floor for a range: vitest's newest is a beta, so it stays "latest".
      dependencies: { 'drizzle-orm': '^0.44.5', zod: '^4.1.12' },
      // The Testing category's packages are needed to build and test only.
      devDependencies: { '@types/node': '^24.10.1', vitest: 'latest' },
    });
    expect(content('agents-md')).toContain('npm install drizzle-orm zod\n');
    expect(content('agents-md')).toContain('npm install --save-dev @types/node vitest\n');
  });

  it('lists the preferred Python packages and crates, not the accepted ones', () => {
    const requirements = content('requirements-txt')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(requirements).toEqual(['pydantic>=2.12.3']);
    expect(content('cargo-toml')).toContain('[dependencies]\nserde = "1.0.228"\n');
  });

  it('writes a GitHub Actions workflow that runs stackyard check against the exported stack.json', () => {
    const workflow = parseYaml(content('github-workflow')) as {
      on: Record<string, unknown>;
      jobs: { stackyard: { steps: Array<{ run?: string }> } };
    };
    expect(Object.keys(workflow.on)).toEqual(['pull_request', 'push']);
    expect(workflow.jobs.stackyard.steps.at(-1)?.run).toBe(
      `npx --yes --package=@stackyard/cli stackyard check --stack ${STACK_EXPORT_PATHS['stack-json']} --format github`,
    );
  });

  it('writes a techstack.yml that parses, without the tools to avoid', () => {
    const document = parseYaml(content('techstack-yml')) as {
      tools: { name: string; description?: string }[];
    };
    expect(document).toMatchObject({
      repo_name: 'acme-platform',
      provider: 'stackyard',
      detected_tools_count: 8,
    });
    expect(document.tools.map((tool) => tool.name)).not.toContain('Prisma');
    expect(document.tools.find((tool) => tool.name === 'Pydantic')?.description).toBe(
      'Data validation: "types" & <schemas>',
    );
  });

  it('writes llms.txt as the proposal orders it: H1, summary, preferred links, then Optional', () => {
    const lines = content('llms-txt').split('\n');
    expect(lines[0]).toMatch(/^# /);
    expect(lines[2]).toMatch(/^> /);
    expect(lines.filter((line) => line.startsWith('## '))).toEqual(['## Preferred tools', '## Optional']);
    expect(lines).toContain(
      '- [Vitest \\[fast\\] \\(test\\) runner](https://vitest.dev/guide/%28why%29): --- description: "owned": true \\# Not a heading \\*bold\\* \\[link\\]\\(javascript:x\\) \\`code\\` \\<b\\>',
    );
  });

  it('gives every format a repository path and a content type', () => {
    for (const format of STACK_EXPORT_FORMATS) {
      expect(STACK_EXPORT_PATHS[format]).not.toMatch(/^\//);
      expect(exportFormats[format].contentType).toMatch(/^[a-z]+\/[a-z+.-]+(; charset=utf-8)?$/);
    }
  });
});
