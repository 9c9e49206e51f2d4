import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { yamlString, yamlValue } from './markdown.ts';

// User text a YAML reader must get back exactly, whatever it holds.
const hostile = [
  '"quoted" \\ back',
  'key: value # not a comment',
  '---',
  '- item',
  '{x} [y] & *z !tag %d',
  'two\nlines\r\nand a tab\t',
  'separators \u2028 \u2029 and \u0085',
  'control \u0000 \u001b \u007f',
  'yes',
  'null',
  '0x10',
  ' padded ',
  '',
];

describe('yamlString', () => {
  it.each(hostile)('reads back as the same string: %j', (text) => {
    expect(parseYaml(`value: ${yamlString(text)}`)).toEqual({ value: text });
  });

  it('writes one line with no raw line or paragraph separator', () => {
    const written = yamlString('a\nb\u2028c\u2029d');
    expect(written).not.toMatch(/[\n\r\u2028\u2029]/);
  });
});

describe('yamlValue', () => {
  it('writes lists, numbers, booleans and null as YAML reads them', () => {
    const fields = { tags: ['a, b', 'c]'], stars: 4, archived: false, note: null };
    const text = Object.entries(fields)
      .map(([key, value]) => `${key}: ${yamlValue(value)}`)
      .join('\n');
    expect(parseYaml(text)).toEqual(fields);
  });
});
