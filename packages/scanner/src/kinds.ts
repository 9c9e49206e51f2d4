// Which manifest a path is, by its name (and for workflows, where it sits).

export type ManifestKind =
  | 'package.json'
  | 'lockfile'
  | 'requirements'
  | 'pyproject'
  | 'pipfile'
  | 'go.mod'
  | 'cargo'
  | 'gemfile'
  | 'composer'
  | 'pom'
  | 'gradle'
  | 'dotnet'
  | 'dockerfile'
  | 'compose'
  | 'workflow'
  | 'tool-versions'
  | 'node-version'
  | 'python-version';

const BY_NAME: Record<string, ManifestKind> = {
  'package.json': 'package.json',
  'package-lock.json': 'lockfile',
  'npm-shrinkwrap.json': 'lockfile',
  'pnpm-lock.yaml': 'lockfile',
  'yarn.lock': 'lockfile',
  'pyproject.toml': 'pyproject',
  Pipfile: 'pipfile',
  'go.mod': 'go.mod',
  'Cargo.toml': 'cargo',
  Gemfile: 'gemfile',
  'gems.rb': 'gemfile',
  'composer.json': 'composer',
  'pom.xml': 'pom',
  'build.gradle': 'gradle',
  'build.gradle.kts': 'gradle',
  'Directory.Packages.props': 'dotnet',
  'Directory.Build.props': 'dotnet',
  Dockerfile: 'dockerfile',
  Containerfile: 'dockerfile',
  '.tool-versions': 'tool-versions',
  '.nvmrc': 'node-version',
  '.node-version': 'node-version',
  '.python-version': 'python-version',
};

export function manifestKind(path: string): ManifestKind | null {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  const known = BY_NAME[name];
  if (known) return known;
  if (/^requirements.*\.txt$/i.test(name) || /(^|\/)requirements\/[^/]+\.txt$/i.test(path))
    return 'requirements';
  if (/\.(cs|fs|vb)proj$/i.test(name)) return 'dotnet';
  if (/^(Dockerfile|Containerfile)\.|\.(dockerfile|containerfile)$/i.test(name)) return 'dockerfile';
  if (/^(docker-)?compose(\.[\w-]+)*\.ya?ml$/i.test(name)) return 'compose';
  if (/(^|\/)\.github\/workflows\/[^/]+\.ya?ml$/.test(path)) return 'workflow';
  return null;
}
