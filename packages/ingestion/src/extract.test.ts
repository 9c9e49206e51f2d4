import { describe, expect, it } from 'vitest';
import { detectBotChallenge } from './bot-challenge.ts';
import { extractMetadata, type PageMetadata } from './extract.ts';
import {
  crate,
  discordInvite,
  forgeRepository,
  npmPackage,
  pypiProject,
  slackJoin,
} from './link-patterns.ts';
import {
  attentionRequired,
  baseHrefPage,
  bareTitle,
  cloudflareChallenge,
  ddosGuard,
  ellipsisChallenge,
  jsonLdOnly,
  plainPage,
  repositoryPage,
  toolHomepage,
  twitterOnly,
} from './testing/fixture-pages.ts';
import { nameFromTitle } from './tool-name.ts';

function metadata(html: string, url: string): PageMetadata {
  const result = extractMetadata(html, url);
  if (!result.ok) throw new Error(`expected metadata, got ${result.failure.code}`);
  return result.value;
}

describe('extractMetadata', () => {
  it('reads a tool homepage: Open Graph first, links ranked by how much they belong to the tool', () => {
    const origin = 'https://rocket.example';
    expect(metadata(toolHomepage(origin), `${origin}/`)).toEqual({
      url: 'https://rocket.example/',
      title: 'Rocket — static sites, fast',
      description: 'Rocket builds & ships static sites in milliseconds.',
      image: 'https://rocket.example/assets/og-card.png',
      previewImage: 'https://rocket.example/assets/og-card.png',
      iconCandidates: ['https://rocket.example/favicon-32.png', 'https://rocket.example/favicon.ico'],
      siteName: 'Rocket',
      publisher: 'Rocket',
      author: null,
      publishedAt: null,
      language: 'en',
      homepageUrl: 'https://rocket.example/',
      forgeUrl: 'https://github.com/rocket-dev/rocket',
      communityLinks: {
        discordUrl: 'https://discord.gg/rocketchat',
        slackUrl: 'https://join.slack.com/t/rocket-community/shared_invite/zt-abc123',
      },
      registryLinks: {
        npmUrl: 'https://www.npmjs.com/package/rocket',
        pypiUrl: 'https://pypi.org/project/rocket-py/',
        cratesUrl: 'https://crates.io/crates/rocket-rs',
      },
      suggestedName: 'Rocket',
      suggestedSlug: 'rocket',
    });
  });

  it('falls back to Twitter cards', () => {
    const page = metadata(twitterOnly, 'https://comet.example/cli');
    expect(page).toMatchObject({
      title: 'Comet CLI',
      description: 'A command line for comets.',
      image: 'https://cdn.comet.example/card.jpg',
      homepageUrl: 'https://comet.example/cli',
      forgeUrl: null,
      suggestedName: 'Comet CLI',
      suggestedSlug: 'comet-cli',
    });
  });

  it('reads JSON-LD @graph: application name, image object, sameAs links', () => {
    const page = metadata(jsonLdOnly, 'https://nebula.example/');
    expect(page).toMatchObject({
      // The application node outranks the WebPage node of the same graph.
      title: 'Nebula',
      description: 'Nebula keeps your clusters tidy.',
      image: 'https://nebula.example/img/nebula.png',
      forgeUrl: 'https://gitlab.com/nebula-group/tools/nebula',
      communityLinks: { discordUrl: 'https://discord.gg/nebula42', slackUrl: null },
      suggestedName: 'Nebula',
      suggestedSlug: 'nebula',
    });
  });

  it('reads plain title and description, resolving the favicon against the page', () => {
    const page = metadata(plainPage, 'https://pulsar.example/docs/start/');
    expect(page).toMatchObject({
      title: 'Getting started | Pulsar',
      description: 'Pulsar is a tiny event bus.',
      image: 'https://pulsar.example/docs/start/static/pulsar.ico',
      suggestedName: 'Pulsar',
    });
  });

  it('falls back to /favicon.ico and to the host for the name', () => {
    const page = metadata(bareTitle, 'http://docs.quasar.example:8080/a/b');
    expect(page.image).toBe('http://docs.quasar.example:8080/favicon.ico');
    expect(page.suggestedName).toBe('Quasar');
    const untitled = metadata('<html><body>hi</body></html>', 'https://www.stellar.dev/');
    expect(untitled).toMatchObject({ title: null, description: null, suggestedName: 'stellar' });
  });

  it('resolves relative URLs against <base href>', () => {
    const page = metadata(baseHrefPage, 'https://orbit.example/');
    expect(page.image).toBe('https://cdn.orbit.example/site/img/card.png');
  });

  it('on a repository page takes the repository as forge, its About website as homepage', () => {
    const page = metadata(repositoryPage, 'https://github.com/acme/rocket-engine');
    expect(page).toMatchObject({
      forgeUrl: 'https://github.com/acme/rocket-engine',
      homepageUrl: 'https://rocket-engine.example/',
      communityLinks: { discordUrl: 'https://discord.gg/acme', slackUrl: null },
      suggestedName: 'rocket-engine',
      suggestedSlug: 'rocket-engine',
    });
    const noWebsite = repositoryPage.replace(/<span><a title[\s\S]*?<\/span>/, '');
    expect(metadata(noWebsite, 'https://github.com/acme/rocket-engine').homepageUrl).toBeNull();
  });

  it('never takes javascript: or data: URLs, and bounds long text', () => {
    const html = `<html><head><title>${'Long '.repeat(200)}</title>
      <meta property="og:image" content="javascript:alert(1)">
      <meta name="twitter:image" content="data:image/png;base64,AAAA"></head></html>`;
    const page = metadata(html, 'https://long.example/');
    expect(page.image).toBe('https://long.example/favicon.ico');
    expect(page.title?.length).toBeLessThanOrEqual(300);
    expect(page.title?.endsWith('…')).toBe(true);
  });

  it('survives broken JSON-LD and markup', () => {
    const html = `<html><head><title>Broken</title><script type="application/ld+json">{"@type": </script>
      <meta property="og:title" content="Still works"><p><div></span>`;
    expect(metadata(html, 'https://broken.example/').title).toBe('Still works');
  });

  it.each([
    ['Cloudflare managed challenge', cloudflareChallenge],
    ['Cloudflare block page', attentionRequired],
    ['DDoS-Guard', ddosGuard],
    ['ellipsis title', ellipsisChallenge],
  ])('quarantines a %s as bot_challenge instead of using its title', (_name, html) => {
    const result = extractMetadata(html, 'https://guarded.example/');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.failure).toMatchObject({ code: 'bot_challenge', transient: false });
  });
});

describe('detectBotChallenge', () => {
  it('does not flag ordinary pages that mention the words or use the vendors', () => {
    expect(detectBotChallenge({ title: 'Just a moment with Rocket', html: '' })).toBeNull();
    expect(
      detectBotChallenge({
        title: 'Rocket',
        html: '<p>Just a moment...</p><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>',
        bodyTextLength: 5000,
      }),
    ).toBeNull();
    expect(detectBotChallenge({ title: 'Rocket', html: '', headers: { 'cf-mitigated': 'challenge' } })).toBe(
      'challenge header',
    );
  });
});

describe('link recognition', () => {
  const repo = (url: string) => forgeRepository(new URL(url))?.url ?? null;

  it.each([
    ['https://github.com/vitest-dev/vitest', 'https://github.com/vitest-dev/vitest'],
    ['https://www.github.com/vitest-dev/vitest/tree/main/docs', 'https://github.com/vitest-dev/vitest'],
    ['https://github.com/vitest-dev/vitest.git', 'https://github.com/vitest-dev/vitest'],
    ['https://github.com/sponsors/vitest-dev', null],
    ['https://github.com/vitest-dev', null],
    ['https://github.com/features/actions', null],
    ['https://gitlab.com/gitlab-org/gitlab-runner/-/issues/1', 'https://gitlab.com/gitlab-org/gitlab-runner'],
    ['https://gitlab.com/group/sub/project', 'https://gitlab.com/group/sub/project'],
    ['https://gitlab.com/explore/projects', null],
    ['https://codeberg.org/forgejo/forgejo/releases', 'https://codeberg.org/forgejo/forgejo'],
    [
      'https://bitbucket.org/atlassian/python-bitbucket/src',
      'https://bitbucket.org/atlassian/python-bitbucket',
    ],
    ['https://git.sr.ht/~sircmpwn/aerc/tree', 'https://git.sr.ht/~sircmpwn/aerc'],
    ['https://git.sr.ht/sircmpwn/aerc', null],
    ['https://example.com/owner/repo', null],
  ])('%s → %s', (url, expected) => {
    expect(repo(url)).toBe(expected);
  });

  it('recognises community and registry links', () => {
    const of = (recognise: (url: URL) => { url: string } | null, url: string) =>
      recognise(new URL(url))?.url ?? null;
    expect(of(discordInvite, 'https://discord.com/invite/abc?x=1')).toBe('https://discord.gg/abc');
    expect(of(discordInvite, 'https://discordapp.com/invite/abc')).toBe('https://discord.gg/abc');
    expect(of(discordInvite, 'https://discord.com/channels/1/2')).toBeNull();
    expect(of(slackJoin, 'https://team.slack.com/join/shared_invite/zt-1')).toBe(
      'https://team.slack.com/join/shared_invite/zt-1',
    );
    expect(of(slackJoin, 'https://team.slack.com/archives/C1')).toBeNull();
    expect(of(npmPackage, 'https://npmjs.com/package/@scope/pkg')).toBe(
      'https://www.npmjs.com/package/@scope/pkg',
    );
    expect(of(npmPackage, 'https://www.npmjs.com/~someone')).toBeNull();
    expect(of(pypiProject, 'https://pypi.org/project/requests/2.0/')).toBe(
      'https://pypi.org/project/requests/',
    );
    expect(of(crate, 'https://crates.io/crates/serde/versions')).toBe('https://crates.io/crates/serde');
  });
});

describe('names and slugs', () => {
  it.each([
    ['Vitest | Next Generation Testing Framework', 'vitest.dev', 'Vitest'],
    ['Getting Started | Vitest', 'vitest.dev', 'Vitest'],
    ['Home - Rocket', 'rocket.example', 'Rocket'],
    ['The quick brown fox jumps over the lazy dog', 'fox.example', null],
    ['Acme: tools', 'other.example', 'Acme'],
  ])('%j on %s → %j', (title, host, expected) => {
    expect(nameFromTitle(title, host)).toBe(expected);
  });
});
