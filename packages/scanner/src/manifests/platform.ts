import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { Declared } from '../types.ts';

// The platform a project runs on: Dockerfile base images, docker-compose services' images, GitHub Actions
// steps' `uses:`, and runtime version files (.tool-versions, .nvmrc, .node-version, .python-version).

/** `postgres:16-alpine` → postgres, 16-alpine; `ghcr.io/o/r@sha256:…` → ghcr.io/o/r, sha256:…. */
export function splitImage(image: string): { name: string; version: string | null } {
  const digest = image.indexOf('@');
  if (digest !== -1) return { name: image.slice(0, digest), version: image.slice(digest + 1) };
  const colon = image.lastIndexOf(':');
  // A colon before the last slash belongs to a registry's port (localhost:5000/app).
  if (colon > image.lastIndexOf('/')) return { name: image.slice(0, colon), version: image.slice(colon + 1) };
  return { name: image, version: null };
}

function image(reference: string, line: number): Declared {
  return { ecosystem: 'docker', ...splitImage(reference), dev: false, kind: 'platform', line };
}

export function parseDockerfile(text: string): Declared[] {
  const found: Declared[] = [];
  const stages = new Set<string>();
  const args = new Map<string, string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const content = raw.trim();
    const arg = content.match(/^ARG\s+(\w+)=["']?([^"'\s]+)["']?/i);
    if (arg) args.set(arg[1] ?? '', arg[2] ?? '');
    const from = content.match(/^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i);
    if (!from) return;
    const reference = (from[1] ?? '').replace(
      /\$\{?(\w+)\}?/g,
      (whole, key: string) => args.get(key) ?? whole,
    );
    // A stage built on an earlier stage, and the empty image, pull nothing.
    if (!stages.has(reference.toLowerCase()) && reference !== 'scratch')
      found.push(image(reference, index + 1));
    if (from[2]) stages.add(from[2].toLowerCase());
  });
  return found;
}

function yamlDocument(text: string) {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  if (document.errors.length > 0) {
    const [error] = document.errors;
    throw new Error(error?.message.split('\n')[0]);
  }
  const lineOf = (node: Node | null | undefined) => lineCounter.linePos(node?.range?.[0] ?? 0).line;
  return { root: document.contents, lineOf };
}

function entry(node: unknown, key: string): unknown {
  return isMap(node) ? node.get(key, true) : undefined;
}

export function parseCompose(text: string): Declared[] {
  const { root, lineOf } = yamlDocument(text);
  const services = entry(root, 'services');
  const found: Declared[] = [];
  if (!isMap(services)) return found;
  for (const pair of services.items) {
    const reference = entry(pair.value, 'image');
    if (isScalar(reference) && typeof reference.value === 'string')
      found.push(image(reference.value, lineOf(reference)));
  }
  return found;
}

export function parseWorkflow(text: string): Declared[] {
  const { root, lineOf } = yamlDocument(text);
  const jobs = entry(root, 'jobs');
  const found: Declared[] = [];
  if (!isMap(jobs)) return found;
  const use = (reference: unknown) => {
    if (!isScalar(reference) || typeof reference.value !== 'string') return;
    const value = reference.value.trim();
    const line = lineOf(reference);
    // A local action or workflow (./path) is the repository's own code.
    if (value.startsWith('./')) return;
    if (value.startsWith('docker://')) {
      found.push(image(value.slice('docker://'.length), line));
      return;
    }
    const at = value.indexOf('@');
    const path = at === -1 ? value : value.slice(0, at);
    // owner/repo/sub/action@ref and owner/repo/.github/workflows/x.yml@ref are both the repository's.
    const name = path.split('/').slice(0, 2).join('/');
    const version = at === -1 ? null : value.slice(at + 1);
    found.push({ ecosystem: 'github-actions', name, version, dev: true, kind: 'platform', line });
  };
  for (const job of jobs.items) {
    use(entry(job.value, 'uses'));
    const steps = entry(job.value, 'steps');
    if (isSeq(steps)) for (const step of steps.items) use(entry(step, 'uses'));
  }
  return found;
}

/** asdf's plugin names for the runtimes other files call by their usual name. */
const RUNTIME_NAMES: Record<string, string> = { nodejs: 'node', golang: 'go' };

export function parseToolVersions(text: string): Declared[] {
  const found: Declared[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const [tool, version] = raw.replace(/#.*$/, '').trim().split(/\s+/);
    if (!tool || !version) return;
    const name = RUNTIME_NAMES[tool] ?? tool;
    found.push({ ecosystem: 'runtime', name, version, dev: false, kind: 'platform', line: index + 1 });
  });
  return found;
}

/** .nvmrc, .node-version, .python-version: one version on the first line that has one. */
export function parseVersionFile(text: string, runtime: string): Declared[] {
  const lines = text.split(/\r?\n/);
  const index = lines.findIndex((line) => line.replace(/#.*$/, '').trim());
  if (index === -1) return [];
  const version = (lines[index] ?? '')
    .replace(/#.*$/, '')
    .trim()
    .replace(/^v(?=\d)/, '');
  return [{ ecosystem: 'runtime', name: runtime, version, dev: false, kind: 'platform', line: index + 1 }];
}
