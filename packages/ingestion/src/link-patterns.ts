// Recognises the links a tool's page carries to its source repository, its community and its packages,
// and reduces each to one canonical form so that ten links into one repository count as one repository.

export interface RecognisedLink {
  url: string;
  /** The repository's or package's own name, used to pick the link that belongs to this tool. */
  name: string;
  /** The owner, group or user for a repository, '' otherwise. */
  owner: string;
}

function hostOf(url: URL): string {
  return url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

function segments(url: URL): string[] {
  return url.pathname
    .split('/')
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
}

const NAME = /^[\w.-]+$/;

// First path segments of the forges that are their own pages, not users or organisations.
const GITHUB_RESERVED = new Set(
  (
    'about account apps blog codespaces collections contact customer-stories dashboard education enterprise ' +
    'events explore features github issues join login logout marketplace mobile new notifications ' +
    'organizations orgs partners premium-support pricing pulls readme resources search security settings ' +
    'signup site solutions sponsors stars team topics trending users watching'
  ).split(' '),
);
const GITLAB_RESERVED = new Set(
  'admin api dashboard explore groups help projects search snippets users -'.split(' '),
);
const GITEA_RESERVED = new Set(
  'admin api assets explore issues login milestones notifications org pulls repo user'.split(' '),
);
const BITBUCKET_RESERVED = new Set('account blog dashboard product repo site snippets support'.split(' '));

function repository(origin: string, path: string[], owner: string, name: string): RecognisedLink | null {
  const repo = name.replace(/\.git$/i, '');
  if (!NAME.test(owner.replace(/^~/, '')) || !NAME.test(repo) || repo === '.' || repo === '..') return null;
  return { url: `${origin}/${[...path, repo].join('/')}`, name: repo, owner };
}

/** The repository a link points into (any page of it), as `https://host/owner/repo`. */
const FORGE_HOSTS = new Set([
  'github.com',
  'codeberg.org',
  'bitbucket.org',
  'git.sr.ht',
  'hg.sr.ht',
  'sr.ht',
  'gitlab.com',
]);

export function forgeRepository(url: URL): RecognisedLink | null {
  const host = hostOf(url);
  // Every link of a page passes through here: reject other hosts before splitting paths.
  if (!FORGE_HOSTS.has(host)) return null;
  const parts = segments(url);
  const [owner = '', name = ''] = parts;
  if (!owner || !name) return null;
  switch (host) {
    case 'github.com':
      if (GITHUB_RESERVED.has(owner.toLowerCase())) return null;
      return repository('https://github.com', [owner], owner, name);
    case 'codeberg.org':
      if (GITEA_RESERVED.has(owner.toLowerCase())) return null;
      return repository('https://codeberg.org', [owner], owner, name);
    case 'bitbucket.org':
      if (BITBUCKET_RESERVED.has(owner.toLowerCase())) return null;
      return repository('https://bitbucket.org', [owner], owner, name);
    case 'git.sr.ht':
    case 'hg.sr.ht':
    case 'sr.ht':
      if (!owner.startsWith('~')) return null;
      return repository(`https://${host}`, [owner], owner, name);
    case 'gitlab.com': {
      if (GITLAB_RESERVED.has(owner.toLowerCase())) return null;
      // Groups nest (gitlab.com/group/subgroup/project); the project path ends where `/-/` starts.
      const end = parts.indexOf('-');
      const path = end === -1 ? parts : parts.slice(0, end);
      const project = path.at(-1) ?? '';
      if (path.length < 2) return null;
      return repository('https://gitlab.com', path.slice(0, -1), owner, project);
    }
    default:
      return null;
  }
}

export function discordInvite(url: URL): RecognisedLink | null {
  const host = hostOf(url);
  if (host !== 'discord.gg' && host !== 'discord.com' && host !== 'discordapp.com') return null;
  const parts = segments(url);
  const code =
    host === 'discord.gg'
      ? parts[0]
      : (host === 'discord.com' || host === 'discordapp.com') && parts[0] === 'invite'
        ? parts[1]
        : undefined;
  if (!code || !NAME.test(code)) return null;
  return { url: `https://discord.gg/${code}`, name: code, owner: '' };
}

export function slackJoin(url: URL): RecognisedLink | null {
  const host = hostOf(url);
  if (!host.endsWith('slack.com')) return null;
  const parts = segments(url);
  // join.slack.com/t/<team>/shared_invite/<token> and <team>.slack.com/join/shared_invite/<token>.
  if (host === 'join.slack.com' && parts[0] === 't' && parts[1] && parts[2] === 'shared_invite') {
    return { url: `https://join.slack.com${url.pathname}`, name: parts[1], owner: '' };
  }
  if (host.endsWith('.slack.com') && parts[0] === 'join') {
    return { url: `https://${host}${url.pathname}`, name: host.split('.')[0] ?? '', owner: '' };
  }
  return null;
}

export function npmPackage(url: URL): RecognisedLink | null {
  if (hostOf(url) !== 'npmjs.com') return null;
  const parts = segments(url);
  if (parts[0] !== 'package') return null;
  const scoped = parts[1]?.startsWith('@');
  const name = scoped ? `${parts[1]}/${parts[2] ?? ''}` : (parts[1] ?? '');
  if (!/^(@[\w.-]+\/)?[\w.-]+$/.test(name)) return null;
  return { url: `https://www.npmjs.com/package/${name}`, name, owner: '' };
}

export function pypiProject(url: URL): RecognisedLink | null {
  if (hostOf(url) !== 'pypi.org') return null;
  const parts = segments(url);
  if (parts[0] !== 'project' || !parts[1] || !NAME.test(parts[1])) return null;
  return { url: `https://pypi.org/project/${parts[1]}/`, name: parts[1], owner: '' };
}

export function crate(url: URL): RecognisedLink | null {
  if (hostOf(url) !== 'crates.io') return null;
  const parts = segments(url);
  if (parts[0] !== 'crates' || !parts[1] || !NAME.test(parts[1])) return null;
  return { url: `https://crates.io/crates/${parts[1]}`, name: parts[1], owner: '' };
}
