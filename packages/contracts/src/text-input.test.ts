import { describe, expect, it } from 'vitest';
import { textInputProblem, utf8Text } from './text-input.ts';

describe('textInputProblem', () => {
  it('takes surrogate pairs and names the first lone surrogate or NUL in document order', () => {
    expect(textInputProblem({ name: 'caf\u00e9 \ud83d\ude00', list: ['a', { b: 1 }] }, '/body')).toBeNull();
    expect(textInputProblem({ a: ['ok', 'x\ud800'], b: 'y\u0000' }, '/body')).toEqual({
      pointer: '/body/a/1',
      detail: 'must not contain a lone UTF-16 surrogate (\\ud800 to \\udfff without its pair)',
    });
    expect(textInputProblem({ a: 'fine', ['k\udc00/']: 1 }, '/body')?.pointer).toBe('/body/k\\udc00~1');
    expect(textInputProblem({ a: 'fine', ['k\u0000']: 1 }, '/body')?.pointer).toBe('/body/k\\u0000');
  });

  it('stops at the first level too deep without recursing, however deep the value goes', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(textInputProblem({ deep }, '/body')).toEqual({
      pointer: `/body/deep${'/0'.repeat(31)}`,
      detail: 'must not nest objects or arrays more than 32 levels deep',
    });
  });
});

describe('utf8Text', () => {
  it('decodes UTF-8 and refuses bytes that are not', () => {
    expect(utf8Text(Buffer.from('caf\u00e9'))).toBe('caf\u00e9');
    expect(utf8Text(Buffer.from([0x63, 0xe9]))).toBeNull();
    expect(utf8Text(Buffer.from([0xed, 0xa0, 0x80]))).toBeNull();
  });
});
