import type { FactSource, PackageEcosystem, PackageFacts } from '@stackyard/contracts/facts';
import { field, int, isoOrNull, str, type FetchJson, type JsonResult } from './facts-http.ts';
import type { FetchOutcome } from './github-facts.ts';
import type { PackageRef } from './facts-links.ts';

// A package's facts from its registry where that registry is the better source (npm with its downloads API,
// PyPI, crates.io), else from deps.dev, which covers Go, Maven, NuGet and RubyGems in one shape. deps.dev
// also gives the repository's OpenSSF Scorecard and the packages a repository publishes.

export interface RegistrySettings {
  npmRegistryUrl: string;
  npmDownloadsUrl: string;
  pypiUrl: string;
  cratesUrl: string;
  depsDevUrl: string;
}

const DEPS_DEV_SYSTEM: Record<PackageEcosystem, string> = {
  npm: 'NPM',
  pypi: 'PYPI',
  cargo: 'CARGO',
  go: 'GO',
  maven: 'MAVEN',
  nuget: 'NUGET',
  rubygems: 'RUBYGEMS',
};

const ECOSYSTEM_OF_SYSTEM = Object.fromEntries(
  Object.entries(DEPS_DEV_SYSTEM).map(([ecosystem, system]) => [system, ecosystem]),
) as Record<string, PackageEcosystem>;

/** The source a package's facts come from. */
export function packageSource(ecosystem: PackageEcosystem): FactSource {
  if (ecosystem === 'npm') return 'npm';
  if (ecosystem === 'pypi') return 'pypi';
  if (ecosystem === 'cargo') return 'crates';
  return 'deps.dev';
}

class Missing extends Error {}
class Broken extends Error {
  readonly retryAfterMs: number | undefined;
  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

type Getter = (url: string, optional?: boolean) => Promise<unknown>;

/** A package's facts before its registry says anything: every field not yet known. */
export function unknownPackageFacts(
  ref: PackageRef,
  source: PackageFacts['source'],
  now: Date,
): PackageFacts {
  return {
    ecosystem: ref.ecosystem,
    name: ref.name,
    source,
    fetched_at: now.toISOString(),
    url: null,
    latest_version: null,
    released_at: null,
    license: null,
    weekly_downloads: null,
    monthly_downloads: null,
    dependencies: null,
    types_bundled: null,
    scorecard: null,
  };
}

export async function fetchPackageFacts(
  fetchJson: FetchJson,
  settings: RegistrySettings,
  ref: PackageRef,
  previous: PackageFacts | null,
  now: Date,
  signal?: AbortSignal,
): Promise<FetchOutcome<PackageFacts>> {
  const source = packageSource(ref.ecosystem);
  let requests = 0;
  /** A JSON document; null for a 404 of an optional one (a package without downloads). */
  const get: Getter = async (url, optional = false) => {
    requests += 1;
    const result: JsonResult = await fetchJson(url, {}, signal);
    if (!result.ok) throw new Broken(`${source} could not be reached: ${result.error}`);
    const { status, json, headers } = result.answer;
    if (status === 404) {
      if (optional) return null;
      throw new Missing(`${ref.name} was not found on ${source}.`);
    }
    if (status === 429) {
      const seconds = Number(headers['retry-after']);
      throw new Broken(
        `${source} asked to slow down.`,
        Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 60_000,
      );
    }
    if (status !== 200 || json === null) throw new Broken(`${source} answered ${status}.`);
    return json;
  };
  const base = unknownPackageFacts(ref, source, now);
  try {
    const data = await READERS[ref.ecosystem](get, settings, ref, base);
    return { status: 'ok', error: null, data, etags: {}, requests, saved: 0 };
  } catch (error) {
    if (error instanceof Missing) {
      return { status: 'not_found', error: error.message, data: null, etags: {}, requests, saved: 0 };
    }
    if (error instanceof Broken) {
      return {
        status: error.retryAfterMs !== undefined ? 'rate_limited' : 'failed',
        error: error.message,
        data: previous,
        etags: {},
        ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
        requests,
        saved: 0,
      };
    }
    throw error;
  }
}

type Reader = (
  get: Getter,
  settings: RegistrySettings,
  ref: PackageRef,
  base: PackageFacts,
) => Promise<PackageFacts>;

const enc = encodeURIComponent;

const readNpm: Reader = async (get, settings, ref, base) => {
  const registryName = ref.name.startsWith('@') ? `@${enc(ref.name.slice(1))}` : enc(ref.name);
  const latest = await get(`${settings.npmRegistryUrl}/${registryName}/latest`);
  const version = str(field(latest, 'version'));
  const week = await get(`${settings.npmDownloadsUrl}/downloads/point/last-week/${ref.name}`, true);
  const month = await get(`${settings.npmDownloadsUrl}/downloads/point/last-month/${ref.name}`, true);
  const published = version ? await depsDevVersion(get, settings, 'npm', ref.name, version) : null;
  const exportsText = JSON.stringify(field(latest, 'exports') ?? null);
  return {
    ...base,
    url: `https://www.npmjs.com/package/${ref.name}`,
    latest_version: version,
    released_at: isoOrNull(field(published, 'publishedAt')),
    license: licenseText(field(latest, 'license')),
    weekly_downloads: int(field(week, 'downloads')),
    monthly_downloads: int(field(month, 'downloads')),
    dependencies: countKeys(field(latest, 'dependencies')),
    types_bundled:
      Boolean(str(field(latest, 'types')) ?? str(field(latest, 'typings'))) ||
      /"types"\s*:/.test(exportsText),
    ...keywordsOf(field(latest, 'keywords')),
    ...deprecationOf(field(latest, 'deprecated')),
  };
};

const readPypi: Reader = async (get, settings, ref, base) => {
  const doc = await get(`${settings.pypiUrl}/pypi/${enc(ref.name)}/json`);
  const files = field(doc, 'urls');
  const first = Array.isArray(files) ? files[0] : undefined;
  const requires = field(doc, 'info', 'requires_dist');
  const keywords = str(field(doc, 'info', 'keywords'));
  return {
    ...base,
    url: `https://pypi.org/project/${ref.name}/`,
    latest_version: str(field(doc, 'info', 'version')),
    released_at: isoOrNull(field(first, 'upload_time_iso_8601')),
    license: str(field(doc, 'info', 'license_expression')) ?? shortLicense(field(doc, 'info', 'license')),
    dependencies: Array.isArray(requires)
      ? requires.filter((line) => typeof line === 'string' && !/extra\s*==/.test(line)).length
      : 0,
    // PyPI's keywords are one string, separated by commas or, in older packages, by spaces.
    ...keywordsOf(keywords?.split(keywords.includes(',') ? ',' : /\s+/)),
  };
};

const readCrates: Reader = async (get, settings, ref, base) => {
  const crateUrl = `${settings.cratesUrl}/api/v1/crates/${enc(ref.name)}`;
  const doc = await get(crateUrl);
  const version =
    str(field(doc, 'crate', 'max_stable_version')) ??
    str(field(doc, 'crate', 'max_version')) ??
    str(field(doc, 'crate', 'newest_version'));
  const versions = field(doc, 'versions');
  const current = Array.isArray(versions)
    ? versions.find((entry) => field(entry, 'num') === version)
    : undefined;
  const downloads = await get(`${crateUrl}/downloads`, true);
  const deps = version ? await get(`${crateUrl}/${enc(version)}/dependencies`, true) : null;
  const list = field(deps, 'dependencies');
  return {
    ...base,
    url: `https://crates.io/crates/${ref.name}`,
    latest_version: version,
    released_at: isoOrNull(field(current, 'created_at')),
    license: str(field(current, 'license')),
    weekly_downloads: downloads ? recentDownloads(downloads, 7) : null,
    monthly_downloads: downloads ? recentDownloads(downloads, 30) : null,
    dependencies: Array.isArray(list)
      ? list.filter((dep) => field(dep, 'kind') === 'normal' && field(dep, 'optional') !== true).length
      : null,
    ...keywordsOf(field(doc, 'crate', 'keywords')),
  };
};

const readDepsDev: Reader = async (get, settings, ref, base) => {
  const system = DEPS_DEV_SYSTEM[ref.ecosystem];
  const doc = await get(`${settings.depsDevUrl}/v3/systems/${system}/packages/${enc(ref.name)}`);
  const versions = field(doc, 'versions');
  const list = Array.isArray(versions) ? versions : [];
  const chosen = list.find((entry) => field(entry, 'isDefault') === true) ?? list.at(-1);
  const version = str(field(chosen, 'versionKey', 'version'));
  const detail = version ? await depsDevVersion(get, settings, ref.ecosystem, ref.name, version) : null;
  const graph = version
    ? await get(`${depsDevVersionUrl(settings, ref.ecosystem, ref.name, version)}:dependencies`, true)
    : null;
  const nodes = field(graph, 'nodes');
  const licenses = field(detail, 'licenses');
  return {
    ...base,
    url: `https://deps.dev/${system.toLowerCase()}/${enc(ref.name)}`,
    latest_version: version,
    released_at: isoOrNull(field(detail, 'publishedAt')) ?? isoOrNull(field(chosen, 'publishedAt')),
    license: Array.isArray(licenses) && typeof licenses[0] === 'string' ? licenses.join(' AND ') : null,
    dependencies: Array.isArray(nodes)
      ? nodes.filter((node) => field(node, 'relation') === 'DIRECT').length
      : null,
  };
};

const READERS: Record<PackageEcosystem, Reader> = {
  npm: readNpm,
  pypi: readPypi,
  cargo: readCrates,
  go: readDepsDev,
  maven: readDepsDev,
  nuget: readDepsDev,
  rubygems: readDepsDev,
};

function depsDevVersionUrl(
  settings: RegistrySettings,
  ecosystem: PackageEcosystem,
  name: string,
  version: string,
) {
  return `${settings.depsDevUrl}/v3/systems/${DEPS_DEV_SYSTEM[ecosystem]}/packages/${enc(name)}/versions/${enc(version)}`;
}

/** deps.dev's view of one version (publishedAt, licenses); null where deps.dev does not know it. */
async function depsDevVersion(
  get: Getter,
  settings: RegistrySettings,
  ecosystem: PackageEcosystem,
  name: string,
  version: string,
): Promise<unknown> {
  try {
    return await get(depsDevVersionUrl(settings, ecosystem, name, version), true);
  } catch (error) {
    // The registry is the source here; deps.dev only adds the release date.
    if (error instanceof Broken && ecosystem === 'npm') return null;
    throw error;
  }
}

export interface ProjectOutcome {
  status: 'ok' | 'not_found' | 'failed';
  error: string | null;
  scorecard: number | null;
  /** The packages deps.dev knows the repository publishes. */
  packages: PackageRef[];
  requests: number;
}

/** The most packages inferred from one repository (a monorepo may publish hundreds). */
export const INFERRED_PACKAGES_MAX = 5;

/** The repository's project on deps.dev: its Scorecard and the packages published from it. */
export async function fetchProjectFacts(
  fetchJson: FetchJson,
  settings: RegistrySettings,
  repository: string,
  signal?: AbortSignal,
): Promise<ProjectOutcome> {
  const url = `${settings.depsDevUrl}/v3/projects/${enc(`github.com/${repository}`)}`;
  const project = await fetchJson(url, {}, signal);
  if (!project.ok)
    return {
      status: 'failed',
      error: `deps.dev could not be reached: ${project.error}`,
      scorecard: null,
      packages: [],
      requests: 1,
    };
  if (project.answer.status === 404) {
    return {
      status: 'not_found',
      error: `deps.dev does not know github.com/${repository}.`,
      scorecard: null,
      packages: [],
      requests: 1,
    };
  }
  if (project.answer.status !== 200) {
    return {
      status: 'failed',
      error: `deps.dev answered ${project.answer.status}.`,
      scorecard: null,
      packages: [],
      requests: 1,
    };
  }
  const score = field(project.answer.json, 'scorecard', 'overallScore');
  const scorecard = typeof score === 'number' && Number.isFinite(score) ? score : null;
  const versions = await fetchJson(`${url}:packageversions`, {}, signal);
  const packages: PackageRef[] = [];
  const list = versions.ok && versions.answer.status === 200 ? field(versions.answer.json, 'versions') : null;
  for (const entry of Array.isArray(list) ? list : []) {
    const ecosystem = ECOSYSTEM_OF_SYSTEM[String(field(entry, 'versionKey', 'system'))];
    const name = str(field(entry, 'versionKey', 'name'));
    if (!ecosystem || !name || packages.some((ref) => ref.ecosystem === ecosystem && ref.name === name))
      continue;
    packages.push({ ecosystem, name });
    if (packages.length >= INFERRED_PACKAGES_MAX) break;
  }
  return { status: 'ok', error: null, scorecard, packages, requests: 2 };
}

/** npm's deprecation message of a version (a string; `false` or absent when it is not deprecated). */
function deprecationOf(value: unknown): { deprecated?: string } {
  const message = typeof value === 'string' ? value.trim().slice(0, 500) : '';
  return message ? { deprecated: message } : {};
}

/** A registry's keywords, trimmed, each once and at most 20: as a field only when there are some. */
function keywordsOf(value: unknown): { keywords?: string[] } {
  if (!Array.isArray(value)) return {};
  const words = value.filter((word): word is string => typeof word === 'string').map((word) => word.trim());
  const keywords = [...new Set(words.filter((word) => word.length > 0 && word.length <= 50))].slice(0, 20);
  return keywords.length > 0 ? { keywords } : {};
}

function licenseText(value: unknown): string | null {
  return str(value) ?? str(field(value, 'type'));
}

/** Older PyPI packages put the whole licence text in `license`: only a short one is an identifier. */
function shortLicense(value: unknown): string | null {
  const text = str(value);
  return text && text.length <= 40 && !text.includes('\n') ? text : null;
}

function countKeys(value: unknown): number {
  return typeof value === 'object' && value !== null ? Object.keys(value).length : 0;
}

/** crates.io's daily downloads of the last 90 days, summed over the last `days` days it reports. */
function recentDownloads(doc: unknown, days: number): number | null {
  const rows = [field(doc, 'version_downloads'), field(doc, 'meta', 'extra_downloads')].flatMap((list) =>
    Array.isArray(list) ? list : [],
  );
  const byDate = new Map<string, number>();
  for (const row of rows) {
    const date = str(field(row, 'date'));
    const count = int(field(row, 'downloads'));
    if (date && count !== null) byDate.set(date, (byDate.get(date) ?? 0) + count);
  }
  if (byDate.size === 0) return null;
  const dates = [...byDate.keys()].sort().slice(-days);
  return dates.reduce((sum, date) => sum + (byDate.get(date) ?? 0), 0);
}
