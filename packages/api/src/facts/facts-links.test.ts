import { describe, expect, it } from 'vitest';
import { githubRepository, packageLink, toolLinks } from './facts-links.ts';

describe('where a tool’s facts come from', () => {
  it('finds the GitHub repository in a forge, homepage or canonical URL', () => {
    expect(githubRepository('https://github.com/Vitejs/Vite')).toBe('vitejs/vite');
    expect(githubRepository('https://github.com/vitejs/vite.git')).toBe('vitejs/vite');
    expect(githubRepository('https://github.com/vitejs/vite/tree/main/docs')).toBe('vitejs/vite');
    expect(githubRepository('https://github.com/vitejs')).toBeNull();
    expect(githubRepository('https://gitlab.com/acme/tool')).toBeNull();
    expect(githubRepository('https://github.com.evil.example/acme/tool')).toBeNull();
  });

  it('reads package links of every registry', () => {
    expect(packageLink('https://www.npmjs.com/package/@tanstack/react-query')).toEqual({
      ecosystem: 'npm',
      name: '@tanstack/react-query',
    });
    expect(packageLink('https://pypi.org/project/pydantic/')).toEqual({
      ecosystem: 'pypi',
      name: 'pydantic',
    });
    expect(packageLink('https://crates.io/crates/serde')).toEqual({ ecosystem: 'cargo', name: 'serde' });
    expect(packageLink('https://pkg.go.dev/github.com/gin-gonic/gin')).toEqual({
      ecosystem: 'go',
      name: 'github.com/gin-gonic/gin',
    });
    expect(packageLink('https://central.sonatype.com/artifact/com.google.guava/guava')).toEqual({
      ecosystem: 'maven',
      name: 'com.google.guava:guava',
    });
    expect(packageLink('https://www.nuget.org/packages/Newtonsoft.Json')).toEqual({
      ecosystem: 'nuget',
      name: 'Newtonsoft.Json',
    });
    expect(packageLink('https://rubygems.org/gems/rails')).toEqual({ ecosystem: 'rubygems', name: 'rails' });
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
