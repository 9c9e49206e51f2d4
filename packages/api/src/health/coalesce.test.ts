import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce.ts';

describe('coalesce', () => {
  it('runs the calls made together as one batch, and those made during it as the next', async () => {
    const batches: number[][] = [];
    const double = coalesce(async (keys: number[]) => {
      batches.push(keys);
      return keys.map((key) => key * 2);
    });
    const first = [double(1), double(2), double(3)];
    await null;
    const second = [double(4), double(5)];
    expect(await Promise.all([...first, ...second])).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('fails every call of a failed batch, and the next batch still runs', async () => {
    let fail = true;
    const run = coalesce(async (keys: string[]) => {
      if (fail) throw new Error('the statement failed');
      return keys;
    });
    const failed = [run('a'), run('b')];
    for (const call of failed) await expect(call).rejects.toThrow('the statement failed');
    fail = false;
    expect(await run('c')).toBe('c');
  });
});
