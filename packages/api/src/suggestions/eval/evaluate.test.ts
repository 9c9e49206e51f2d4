import { describe, expect, it } from 'vitest';
import { evaluate, loadEvalSet } from './evaluate.ts';

// The evaluation set holds the built-in engine to its promise: every role filled by a tool of that role's
// category, and no accepted or dismissed idea ever proposed again.

const workspaces = loadEvalSet();

describe('the built-in ideas on the evaluation set', () => {
  it('covers at least 12 workspaces of different ecosystems, some with team categories', () => {
    expect(workspaces.length).toBeGreaterThanOrEqual(12);
    expect(workspaces.some((workspace) => workspace.tools.some((tool) => tool.category))).toBe(true);
    expect(workspaces.some((workspace) => workspace.tools.every((tool) => !tool.category))).toBe(true);
  });

  it.each(workspaces.map((workspace) => [workspace.name, workspace] as const))(
    '%s: precision 100%, no repeated idea, ideas proposed',
    (_, workspace) => {
      const result = evaluate(workspace);
      expect(result.wrong).toEqual([]);
      expect(result.fitting).toBe(result.roles);
      expect(result.duplicates).toBe(0);
      expect(result.ideas).toBeGreaterThan(0);
    },
  );
});
