import { describe, expect, it } from 'vitest';
import { highlight, languageOf, type Language, type Token } from './highlight';

const kinds = (tokens: Token[], kind: Token['kind']) =>
  tokens.filter((token) => token.kind === kind).map((token) => token.text);

const samples: Array<[Language, string]> = [
  [
    'markdown',
    '---\ndescription: "The stack: what to use"\nalwaysApply: true\n---\n# Stack\n\n- [Vitest](https://vitest.dev/) (preferred): use `vi.fn()` **always**\n> quoted <script>alert(1)</script>\n```sh\nnpm install vitest\n```\n',
  ],
  ['json', '{\n  "name": "stack",\n  "count": 2,\n  "ok": true,\n  "none": null,\n  "list": ["a\\"b"]\n}\n'],
  [
    'yaml',
    '# comment\ntools:\n  - name: "Drizzle"\n    layer: \'Application\'\n    votes: 12\n    open: true\n',
  ],
  ['toml', '# cargo\n[dependencies]\nserde = "1.0"\ntokio = { version = "1", features = ["full"] }\n'],
  ['text', '# preferred\nrequests==2.32.0\n'],
];

const sample = (index: number): string => samples[index]?.[1] ?? '';

describe('highlight', () => {
  it('gives back the text exactly, whatever the language (nothing is dropped or added)', () => {
    for (const [language, text] of samples) {
      expect(
        highlight(text, language)
          .map((token) => token.text)
          .join(''),
        language,
      ).toBe(text);
    }
    for (const language of ['markdown', 'json', 'yaml', 'toml', 'text'] as const) {
      for (const text of ['', '\n', '"unterminated', '---', '`', '[x](', ': :']) {
        expect(
          highlight(text, language)
            .map((token) => token.text)
            .join(''),
        ).toBe(text);
      }
    }
  });

  it('marks JSON keys apart from string values, and numbers and literals', () => {
    const tokens = highlight(sample(1), 'json');
    expect(kinds(tokens, 'key')).toEqual(['"name"', '"count"', '"ok"', '"none"', '"list"']);
    expect(kinds(tokens, 'string')).toEqual(['"stack"', '"a\\"b"']);
    expect(kinds(tokens, 'number')).toEqual(['2']);
    expect(kinds(tokens, 'keyword')).toEqual(['true', 'null']);
  });

  it('reads Markdown with its YAML front matter, headings, links, code and fences', () => {
    const tokens = highlight(sample(0), 'markdown');
    expect(kinds(tokens, 'key')).toEqual(['description:', 'alwaysApply:']);
    expect(kinds(tokens, 'string')).toEqual(['"The stack: what to use"']);
    expect(kinds(tokens, 'heading')).toEqual(['# Stack']);
    expect(kinds(tokens, 'link')).toEqual(['[Vitest](https://vitest.dev/)']);
    expect(kinds(tokens, 'code')).toEqual(['`vi.fn()`', 'npm install vitest']);
    expect(kinds(tokens, 'emphasis')).toEqual(['**always**']);
    // Markup in a note stays text: it is one plain token, rendered as text by React.
    expect(tokens.some((token) => token.kind === 'plain' && token.text.includes('<script>'))).toBe(true);
  });

  it('reads YAML keys, list dashes and scalars, and TOML tables and keys', () => {
    const yaml = highlight(sample(2), 'yaml');
    expect(kinds(yaml, 'comment')).toEqual(['# comment']);
    expect(kinds(yaml, 'key')).toEqual(['tools:', 'name:', 'layer:', 'votes:', 'open:']);
    expect(kinds(yaml, 'string')).toEqual(['"Drizzle"', "'Application'"]);
    expect(kinds(yaml, 'number')).toEqual(['12']);
    expect(kinds(yaml, 'keyword')).toEqual(['true']);
    const toml = highlight(sample(3), 'toml');
    expect(kinds(toml, 'heading')).toEqual(['[dependencies]']);
    expect(kinds(toml, 'key').map((key) => key.trim())).toEqual(['serde', 'tokio']);
    expect(kinds(toml, 'string')).toEqual(['"1.0"', '"1"', '"full"']);
    expect(kinds(highlight(sample(4), 'text'), 'comment')).toEqual(['# preferred']);
  });

  it('chooses the language from the export path', () => {
    expect(
      [
        'AGENTS.md',
        '.cursor/rules/stack.mdc',
        'llms.txt',
        'techstack.yml',
        'stack.json',
        'Cargo.toml',
        'requirements.txt',
      ].map(languageOf),
    ).toEqual(['markdown', 'markdown', 'markdown', 'yaml', 'json', 'toml', 'text']);
  });
});
