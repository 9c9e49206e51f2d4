import type { ScanDependency } from '@stackyard/contracts/drift';

// Where a dependency lives on the web, for submitting it as a tool: its registry's page, or its repository
// when its name is one (actions, Go modules on GitHub, GitHub's container images). Ingestion reads the page.

// `@` may stand in a path as it is, and npm's own links to a scoped package keep it.
const enc = (name: string) =>
  name
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/^%40/, '@'))
    .join('/');

export function addUrl({ ecosystem, name }: ScanDependency): string | null {
  switch (ecosystem) {
    case 'npm':
      return `https://www.npmjs.com/package/${enc(name)}`;
    case 'pypi':
      return `https://pypi.org/project/${encodeURIComponent(name)}/`;
    case 'cargo':
      return `https://crates.io/crates/${encodeURIComponent(name)}`;
    case 'rubygems':
      return `https://rubygems.org/gems/${encodeURIComponent(name)}`;
    case 'nuget':
      return `https://www.nuget.org/packages/${encodeURIComponent(name)}`;
    case 'packagist':
      return `https://packagist.org/packages/${enc(name)}`;
    case 'maven':
      return `https://central.sonatype.com/artifact/${enc(name.replace(':', '/'))}`;
    case 'go':
      return name.startsWith('github.com/')
        ? `https://${enc(name.split('/').slice(0, 3).join('/'))}`
        : `https://pkg.go.dev/${enc(name)}`;
    case 'github-actions':
      return `https://github.com/${enc(name.split('/').slice(0, 2).join('/'))}`;
    case 'docker':
      return dockerUrl(name);
    case 'runtime':
      return null;
  }
}

function dockerUrl(name: string): string {
  if (name.startsWith('ghcr.io/')) return `https://github.com/${enc(name.split('/').slice(1, 3).join('/'))}`;
  // Docker Hub's official images have no owner in their name; other registries show no page of their own.
  if (!name.includes('/')) return `https://hub.docker.com/_/${encodeURIComponent(name)}`;
  const [first] = name.split('/');
  return first?.includes('.') ? `https://${enc(name)}` : `https://hub.docker.com/r/${enc(name)}`;
}
