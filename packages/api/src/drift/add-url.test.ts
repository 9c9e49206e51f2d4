import { describe, expect, it } from 'vitest';
import type { ScanDependency } from '@stackyard/contracts/drift';
import { addUrl } from './add-url.ts';

const url = (ecosystem: ScanDependency['ecosystem'], name: string) =>
  addUrl({ ecosystem, name, version: null, resolved: null, dev: false, kind: 'package', file: 'x', line: 1 });

describe('addUrl', () => {
  it("points at the registry's page, or at the repository a name is", () => {
    expect(url('npm', '@scope/pkg')).toBe('https://www.npmjs.com/package/@scope/pkg');
    expect(url('pypi', 'Django')).toBe('https://pypi.org/project/Django/');
    expect(url('cargo', 'serde')).toBe('https://crates.io/crates/serde');
    expect(url('maven', 'org.slf4j:slf4j-api')).toBe(
      'https://central.sonatype.com/artifact/org.slf4j/slf4j-api',
    );
    expect(url('go', 'github.com/jackc/pgx/v5')).toBe('https://github.com/jackc/pgx');
    expect(url('go', 'golang.org/x/sync')).toBe('https://pkg.go.dev/golang.org/x/sync');
    expect(url('github-actions', 'actions/setup-node')).toBe('https://github.com/actions/setup-node');
    expect(url('docker', 'postgres')).toBe('https://hub.docker.com/_/postgres');
    expect(url('docker', 'bitnami/redis')).toBe('https://hub.docker.com/r/bitnami/redis');
    expect(url('docker', 'ghcr.io/acme/api')).toBe('https://github.com/acme/api');
    expect(url('runtime', 'node')).toBeNull();
  });

  it('escapes what would change the address', () => {
    expect(url('pypi', 'a b?c')).toBe('https://pypi.org/project/a%20b%3Fc/');
  });
});
