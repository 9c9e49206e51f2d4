import { describe, expect, it } from 'vitest';
import { scanTree } from './scan.ts';
import { memoryTree } from './tree.ts';

const rows = (result: Awaited<ReturnType<typeof scanTree>>) =>
  result.dependencies.map((d) => [d.file, d.line, d.ecosystem, d.name, d.version, d.dev]);

describe('Python manifests', () => {
  it('reads requirements files with includes, markers, extras, continuations, options and URLs', async () => {
    const requirements = `# production
-r requirements/base.txt
--index-url https://pypi.example/simple
Django>=4.2,<5.0  # the web framework
requests[socks] == 2.32.3 ; python_version >= "3.8"
celery \\
    >=5.3
-e git+https://github.com/acme/lib.git#egg=lib
https://files.example/pkg-1.0.tar.gz
./local/package
black @ https://github.com/psf/black/archive/main.zip
`;
    const result = await scanTree(
      memoryTree({
        'requirements.txt': requirements,
        'requirements/base.txt': 'psycopg[binary]~=3.2\n',
        'requirements-dev.txt': 'pytest==8.3.3\n!!! nonsense\n',
      }),
    );
    expect(rows(result)).toEqual([
      ['requirements-dev.txt', 1, 'pypi', 'pytest', '==8.3.3', true],
      ['requirements.txt', 4, 'pypi', 'Django', '>=4.2,<5.0', false],
      ['requirements.txt', 5, 'pypi', 'requests', '==2.32.3', false],
      ['requirements.txt', 6, 'pypi', 'celery', '>=5.3', false],
      ['requirements.txt', 11, 'pypi', 'black', null, false],
      ['requirements/base.txt', 1, 'pypi', 'psycopg', '~=3.2', false],
    ]);
    expect(result.findings).toEqual([
      { file: 'requirements-dev.txt', line: 2, message: '"!!! nonsense" is not a requirement' },
    ]);
  });

  it('reads pyproject.toml in PEP 621, Poetry and uv shapes', async () => {
    const pep621 = `[build-system]
requires = ["hatchling"]

[project]
name = "service"
requires-python = ">=3.11"
dependencies = [
  "fastapi>=0.115",
  "pydantic[email]>=2.9; python_version>='3.11'",
]

[project.optional-dependencies]
dev = ["ruff==0.7.1"]
postgres = ["asyncpg"]

[dependency-groups]
test = ["pytest>=8"]

[tool.uv]
dev-dependencies = ["mypy>=1.13"]
`;
    const poetry = `[tool.poetry]
name = "worker"

[tool.poetry.dependencies]
python = "^3.12"
httpx = "^0.27"
sqlalchemy = { version = "^2.0", extras = ["asyncio"] }
mylib = { path = "../mylib" }

[tool.poetry.group.dev.dependencies]
pytest = "*"
`;
    const result = await scanTree(
      memoryTree({ 'service/pyproject.toml': pep621, 'worker/pyproject.toml': poetry }),
    );
    expect(result.findings).toEqual([]);
    expect(rows(result)).toEqual([
      ['service/pyproject.toml', 6, 'runtime', 'python', '>=3.11', false],
      ['service/pyproject.toml', 8, 'pypi', 'fastapi', '>=0.115', false],
      ['service/pyproject.toml', 9, 'pypi', 'pydantic', '>=2.9', false],
      ['service/pyproject.toml', 13, 'pypi', 'ruff', '==0.7.1', true],
      ['service/pyproject.toml', 14, 'pypi', 'asyncpg', null, false],
      ['service/pyproject.toml', 17, 'pypi', 'pytest', '>=8', true],
      ['service/pyproject.toml', 20, 'pypi', 'mypy', '>=1.13', true],
      ['worker/pyproject.toml', 5, 'runtime', 'python', '^3.12', false],
      ['worker/pyproject.toml', 6, 'pypi', 'httpx', '^0.27', false],
      ['worker/pyproject.toml', 7, 'pypi', 'sqlalchemy', '^2.0', false],
      ['worker/pyproject.toml', 11, 'pypi', 'pytest', null, true],
    ]);
  });

  it('reads a Pipfile and reports a broken TOML file as a finding', async () => {
    const pipfile = `[[source]]
url = "https://pypi.org/simple"

[packages]
flask = "==3.0.3"
gunicorn = "*"

[dev-packages]

pytest = {version = ">=8"}

[requires]
python_version = "3.12"
`;
    const result = await scanTree(
      memoryTree({ Pipfile: pipfile, 'broken/pyproject.toml': '[project\nname = 1' }),
    );
    expect(rows(result)).toEqual([
      ['Pipfile', 5, 'pypi', 'flask', '==3.0.3', false],
      ['Pipfile', 6, 'pypi', 'gunicorn', null, false],
      ['Pipfile', 10, 'pypi', 'pytest', '>=8', true],
      ['Pipfile', 13, 'runtime', 'python', '3.12', false],
    ]);
    expect(result.findings).toMatchObject([
      { file: 'broken/pyproject.toml', message: expect.stringMatching(/^Could not read this file: /) },
    ]);
  });
});
