import { describe, expect, it } from 'vitest';
import { githubRepository, packageLink, toolLinks } from './facts-links.ts';

describe('where a tool’s facts come from', () => {
  it.each([
    ['https://github.com/Vitejs/Vite', 'vitejs/vite'],
    ['https://github.com/vitejs/vite.git', 'vitejs/vite'],
    ['https://github.com/vitejs/vite/tree/main/docs', 'vitejs/vite'],
    ['https://github.com/vitejs', null],
    ['https://gitlab.com/acme/tool', null],
    ['https://github.com.evil.example/acme/tool', null],
  ])('reads the GitHub repository of %s (forge, homepage or canonical URL)', (url, repository) => {
    expect(githubRepository(url)).toBe(repository);
  });

  it.each([
    ['https://www.npmjs.com/package/@tanstack/react-query', 'npm', '@tanstack/react-query'],
    ['https://pypi.org/project/pydantic/', 'pypi', 'pydantic'],
    ['https://crates.io/crates/serde', 'cargo', 'serde'],
    ['https://pkg.go.dev/github.com/gin-gonic/gin', 'go', 'github.com/gin-gonic/gin'],
    ['https://central.sonatype.com/artifact/com.google.guava/guava', 'maven', 'com.google.guava:guava'],
    ['https://www.nuget.org/packages/Newtonsoft.Json', 'nuget', 'Newtonsoft.Json'],
    ['https://rubygems.org/gems/rails', 'rubygems', 'rails'],
  ])('reads the package link %s', (url, ecosystem, name) => {
    expect(packageLink(url)).toEqual({ ecosystem, name });
  });

  it('reads no package in a link of no registry', () => {
    expect(packageLink('https://example.com/package/x')).toBeNull();
  });

  it('combines a tool’s links, each package once', () => {
    expect(
      toolLinks([
        'https://github.com/colinhacks/zod',
        'https://www.npmjs.com/package/zod',
        'https://npmjs.com/package/zod',
        null,
      ]),
    ).toEqual({ repository: 'colinhacks/zod', packages: [{ ecosystem: 'npm', name: 'zod' }] });
  });
});
