// Every URL of the SPA is built here: `path` is the router pattern, `getHref` builds a link to it.
// Parameters are encoded per segment so a slug or id can never add or change path segments.

export const settingsTabs = ['profile', 'workspace', 'account'] as const;
export type SettingsTab = (typeof settingsTabs)[number];

const segment = (value: string): string => encodeURIComponent(value);

function withQuery(pathname: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

const workspaceBase = (username: string, workspaceSlug: string): string =>
  `/${segment(username)}/${segment(workspaceSlug)}`;

export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  about: {
    path: '/about',
    getHref: () => '/about',
  },
  auth: {
    login: {
      path: '/login',
      /** `returnTo`: the app path to go back to once signed in (checked by lib/return-to.ts). */
      getHref: (returnTo?: string) => withQuery('/login', { return_to: returnTo }),
    },
    register: {
      path: '/register',
      getHref: () => '/register',
    },
    verify: {
      path: '/verify',
      getHref: (flowId?: string) => withQuery('/verify', { flow: flowId }),
    },
    recovery: {
      path: '/recovery',
      getHref: () => '/recovery',
    },
    /** Where the identity service sends a browser whose sign-in (or other self-service step) failed. */
    error: {
      path: '/error',
      getHref: (errorId?: string) => withQuery('/error', { id: errorId }),
    },
  },
  onboarding: {
    path: '/onboarding',
    getHref: () => '/onboarding',
  },
  dashboard: {
    path: '/dashboard',
    getHref: () => '/dashboard',
  },
  settings: {
    root: {
      path: '/settings',
      /** `members`: a workspace id whose members panel opens on the Workspaces tab. */
      getHref: (tab?: SettingsTab, members?: string) => withQuery('/settings', { tab, members }),
    },
    accessTokens: {
      path: '/settings/access-tokens',
      getHref: () => '/settings/access-tokens',
    },
    connectAssistant: {
      path: '/settings/connect',
      getHref: () => '/settings/connect',
    },
    saveFromBrowser: {
      path: '/settings/save-from-browser',
      getHref: () => '/settings/save-from-browser',
    },
    workspaceStorage: {
      path: '/settings/workspace/:workspaceId/storage',
      getHref: (workspaceId: string) => `/settings/workspace/${segment(workspaceId)}/storage`,
    },
  },
  /**
   * The save popup (the bookmarklet's window, the PWA's share target): a link to save, prefilled from the
   * query. `text` is the selected or shared text; a shared text may hold the URL itself.
   */
  /** The OAuth consent page: /oauth/authorize sends the browser here with the request's id. */
  oauthConsent: {
    path: '/authorize',
    getHref: (request: string) => withQuery('/authorize', { request }),
  },
  save: {
    path: '/save',
    getHref: (prefill: { url?: string; title?: string; text?: string } = {}) =>
      withQuery('/save', {
        url: prefill.url || undefined,
        title: prefill.title || undefined,
        text: prefill.text || undefined,
      }),
  },
  callbacks: {
    workspaceGithubStorageUpdate: {
      path: '/callback/workspace_github_storage_update',
      getHref: () => '/callback/workspace_github_storage_update',
    },
  },
  workspace: {
    dashboard: {
      path: '/:username/:workspaceSlug',
      getHref: (username: string, workspaceSlug: string) => workspaceBase(username, workspaceSlug),
    },
    tools: {
      path: '/:username/:workspaceSlug/tools',
      /** `q` fills the list's search box. */
      getHref: (username: string, workspaceSlug: string, q?: string) =>
        withQuery(`${workspaceBase(username, workspaceSlug)}/tools`, { q: q || undefined }),
    },
    tool: {
      path: '/:username/:workspaceSlug/tools/:toolSlug',
      getHref: (username: string, workspaceSlug: string, toolSlug: string) =>
        `${workspaceBase(username, workspaceSlug)}/tools/${segment(toolSlug)}`,
    },
    projects: {
      path: '/:username/:workspaceSlug/projects',
      getHref: (username: string, workspaceSlug: string) =>
        `${workspaceBase(username, workspaceSlug)}/projects`,
    },
    project: {
      path: '/:username/:workspaceSlug/projects/:projectSlug',
      getHref: (username: string, workspaceSlug: string, projectSlug: string) =>
        `${workspaceBase(username, workspaceSlug)}/projects/${segment(projectSlug)}`,
    },
    resources: {
      path: '/:username/:workspaceSlug/resources',
      /** `q` fills the list's search box. */
      getHref: (username: string, workspaceSlug: string, q?: string) =>
        withQuery(`${workspaceBase(username, workspaceSlug)}/resources`, { q: q || undefined }),
    },
    resource: {
      path: '/:username/:workspaceSlug/resources/:resourceId',
      getHref: (username: string, workspaceSlug: string, resourceId: string) =>
        `${workspaceBase(username, workspaceSlug)}/resources/${segment(resourceId)}`,
    },
    resourceCopy: {
      path: '/:username/:workspaceSlug/resources/:resourceId/copy',
      getHref: (username: string, workspaceSlug: string, resourceId: string) =>
        `${workspaceBase(username, workspaceSlug)}/resources/${segment(resourceId)}/copy`,
    },
    toolIngestions: {
      path: '/:username/:workspaceSlug/tool-ingestions',
      /** `kind` picks what the form submits and the list shows (tools when absent). */
      getHref: (username: string, workspaceSlug: string, kind?: 'tool' | 'resource') =>
        withQuery(`${workspaceBase(username, workspaceSlug)}/tool-ingestions`, { kind }),
    },
    compare: {
      path: '/:username/:workspaceSlug/compare',
      /** The compared tools' slugs, in order, as `?tools=a,b,c` (slugs never contain a comma). */
      getHref: (username: string, workspaceSlug: string, toolSlugs: readonly string[]) => {
        const base = `${workspaceBase(username, workspaceSlug)}/compare`;
        return toolSlugs.length > 0 ? `${base}?tools=${toolSlugs.map(segment).join(',')}` : base;
      },
    },
    suggestions: {
      path: '/:username/:workspaceSlug/suggestions',
      /** `focus` is the free text that steers the suggestions. */
      getHref: (username: string, workspaceSlug: string, focus?: string) =>
        withQuery(`${workspaceBase(username, workspaceSlug)}/suggestions`, { focus: focus || undefined }),
    },
    radar: {
      path: '/:username/:workspaceSlug/radar',
      getHref: (username: string, workspaceSlug: string) => `${workspaceBase(username, workspaceSlug)}/radar`,
    },
    needsAttention: {
      path: '/:username/:workspaceSlug/needs-attention',
      getHref: (username: string, workspaceSlug: string) =>
        `${workspaceBase(username, workspaceSlug)}/needs-attention`,
    },
    aiExport: {
      path: '/:username/:workspaceSlug/ai-export',
      getHref: (username: string, workspaceSlug: string) =>
        `${workspaceBase(username, workspaceSlug)}/ai-export`,
    },
    drift: {
      path: '/:username/:workspaceSlug/drift',
      getHref: (username: string, workspaceSlug: string) => `${workspaceBase(username, workspaceSlug)}/drift`,
    },
  },
  notFound: {
    path: '*',
  },
} as const;
