// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Drift, ScanDependency } from '@stackyard/contracts/drift';
import { UnknownList } from './drift-lists';

const dependency = (name: string, file: string, line: number): ScanDependency => ({
  ecosystem: 'npm',
  name,
  version: '1',
  resolved: null,
  dev: false,
  kind: 'package',
  file,
  line,
});

const items: Drift['unknown'] = [
  {
    dependency: dependency('left-pad', 'package.json', 4),
    add_url: 'https://www.npmjs.com/package/left-pad',
  },
  {
    dependency: dependency('left-pad', 'web/package.json', 6),
    add_url: 'https://www.npmjs.com/package/left-pad',
  },
  { dependency: dependency('chalk', 'package.json', 5), add_url: 'https://www.npmjs.com/package/chalk' },
  {
    dependency: { ...dependency('node', '.nvmrc', 1), ecosystem: 'runtime', kind: 'platform' },
    add_url: null,
  },
];

describe('UnknownList', () => {
  it('adds the chosen dependencies as tools, each package once', async () => {
    const onAdd = vi.fn(async () => {});
    const user = userEvent.setup();
    render(<UnknownList items={items} onAdd={onAdd} adding={false} />);
    expect(screen.getByRole('button', { name: 'Add as tools' }).hasAttribute('disabled')).toBe(true);
    // A runtime has no page to submit: no box for it.
    expect(screen.getAllByRole('checkbox', { name: /Add .* as a tool/ })).toHaveLength(3);
    screen.getByText('.nvmrc:1');

    await user.click(screen.getAllByRole('checkbox', { name: 'Add left-pad as a tool' })[1] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Add as tools (1)' }));
    expect(onAdd).toHaveBeenCalledWith(['https://www.npmjs.com/package/left-pad']);

    await user.click(screen.getByRole('checkbox', { name: 'Choose all' }));
    await user.click(screen.getByRole('button', { name: 'Add as tools (2)' }));
    expect(onAdd).toHaveBeenLastCalledWith([
      'https://www.npmjs.com/package/left-pad',
      'https://www.npmjs.com/package/chalk',
    ]);
  });

  it('lists without boxes for a reader who may not add tools, and says when there is nothing', () => {
    render(<UnknownList items={items.slice(2, 3)} adding={false} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    screen.getByText('chalk');
    cleanup();
    render(<UnknownList items={[]} adding={false} />);
    screen.getByText('Every dependency is a tool of the workspace.');
  });
});
