import { describe, expect, it } from 'vitest';
import { itemPath } from './item';

describe('itemPath', () => {
  it('builds the API base path of each kind', () => {
    expect(itemPath({ kind: 'tool', id: 'a' })).toBe('/tools/workspace/a');
    expect(itemPath({ kind: 'resource', id: 'b' })).toBe('/resources/workspace/b');
    expect(itemPath({ kind: 'project', id: 'c' })).toBe('/projects/c');
  });

  it('encodes the id so it stays one segment', () => {
    expect(itemPath({ kind: 'project', id: '../x' })).toBe('/projects/..%2Fx');
  });
});
