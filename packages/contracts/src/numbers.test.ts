import { describe, expect, it } from 'vitest';
import { groupThousands } from './numbers.ts';

describe('groupThousands', () => {
  it('writes integers as en-US does', () => {
    for (const value of [0, 7, 999, 1_000, 2_048, 100_000, 1_234_567, -1_000, -999, 10_000_000_000]) {
      expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});
