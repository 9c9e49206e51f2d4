import { describe, expect, it } from 'vitest';
import { stackPackages } from './stack-packages.ts';

describe('package names from a tool’s links', () => {
  it.each([
    ['https://www.npmjs.com/package/@scope/name', [{ ecosystem: 'npm', name: '@scope/name', version: null }]],
    [
      'https://npmjs.com/package/react?activeTab=readme',
      [{ ecosystem: 'npm', name: 'react', version: null }],
    ],
    ['https://pypi.org/project/Django/5.0/', [{ ecosystem: 'pypi', name: 'Django', version: null }]],
    ['https://crates.io/crates/tokio', [{ ecosystem: 'cargo', name: 'tokio', version: null }]],
    ['https://github.com/facebook/react', []],
    ['https://www.npmjs.com/package/..%2Fevil', []],
    ['https://crates.io/crates/bad name', []],
    // An escape that is not UTF-8 names nothing; it does not fail the stack.
    ['https://www.npmjs.com/package/%FF', []],
    ['https://pypi.org/project/%E0%A4%A/', []],
    ['https://crates.io/crates/%C3%28', []],
  ])('%s', (url, expected) => {
    expect(stackPackages([url, null, null], [])).toEqual(expected);
  });
});

describe('package versions and names from the tool facts', () => {
  it('gives a linked package the version the facts know for that name', () => {
    const facts = [
      { ecosystem: 'npm' as const, name: 'drizzle-kit', version: '0.31.5' },
      { ecosystem: 'npm' as const, name: 'drizzle-orm', version: '0.44.5' },
    ];
    expect(stackPackages(['https://www.npmjs.com/package/drizzle-orm'], facts)).toEqual([
      { ecosystem: 'npm', name: 'drizzle-orm', version: '0.44.5' },
    ]);
  });

  it('takes the facts’ package when no link names one and they know exactly one in that ecosystem', () => {
    expect(
      stackPackages(['https://zod.dev'], [{ ecosystem: 'npm', name: 'zod', version: '4.1.12' }]),
    ).toEqual([{ ecosystem: 'npm', name: 'zod', version: '4.1.12' }]);
  });

  it('names no package when the repository publishes several and no link says which is the tool', () => {
    const facts = [
      { ecosystem: 'npm' as const, name: 'drizzle-kit', version: '0.31.5' },
      { ecosystem: 'npm' as const, name: 'drizzle-orm', version: '0.44.5' },
      { ecosystem: 'go' as const, name: 'github.com/drizzle-team/x', version: 'v1.0.0' },
    ];
    expect(stackPackages(['https://orm.drizzle.team'], facts)).toEqual([
      { ecosystem: 'go', name: 'github.com/drizzle-team/x', version: 'v1.0.0' },
    ]);
  });

  it('keeps a version one source knows when another source of the same package has none', () => {
    const facts = [
      { ecosystem: 'pypi' as const, name: 'pydantic', version: null },
      { ecosystem: 'pypi' as const, name: 'pydantic', version: '2.12.3' },
    ];
    expect(stackPackages(['https://pypi.org/project/pydantic/'], facts)).toEqual([
      { ecosystem: 'pypi', name: 'pydantic', version: '2.12.3' },
    ]);
  });
});
