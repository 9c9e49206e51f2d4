// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COMPARE_MAX } from '@stackyard/contracts/compare';
import { parseComparedTools, withTool, withoutTool } from './compare-tools';

describe('compared tools in the URL', () => {
  it('reads the slugs in order, without blanks or repeats', () => {
    expect(parseComparedTools(null)).toEqual([]);
    expect(parseComparedTools('')).toEqual([]);
    expect(parseComparedTools('vite, esbuild,,Vite ,rollup')).toEqual(['vite', 'esbuild', 'rollup']);
  });

  it('adds a tool once and never beyond the maximum', () => {
    expect(withTool(['vite'], 'esbuild')).toEqual(['vite', 'esbuild']);
    expect(withTool(['vite'], 'vite')).toEqual(['vite']);
    const full = Array.from({ length: COMPARE_MAX }, (_, index) => `tool-${index}`);
    expect(withTool(full, 'one-more')).toEqual(full);
  });

  it('removes a tool', () => {
    expect(withoutTool(['vite', 'esbuild', 'rollup'], 'esbuild')).toEqual(['vite', 'rollup']);
  });
});
