import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '@/components/route-error';
import { RouteFallback } from '@/components/route-fallback';
import { paths } from '@/config/paths';
import { RedirectIfAuthenticated } from './guards/redirect-if-authenticated';
import { RequireAuth } from './guards/require-auth';
import { PublicRoot } from './layouts/public-root';

// Every screen is its own chunk, loaded when its route matches; the first page ships only the layout and itself.
const publicScreens: RouteObject[] = [
  {
    path: paths.home.path,
    lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
  },
  {
    path: paths.about.path,
    lazy: async () => ({ Component: (await import('./routes/about')).AboutRoute }),
  },
  {
    // Not behind the signed-in redirect: the recovery code itself signs the user in before the new password.
    path: paths.auth.recovery.path,
    lazy: async () => ({ Component: (await import('./routes/auth/recovery')).RecoveryRoute }),
  },
  {
    // Public, signed in or not: where the identity service sends a browser whose self-service request failed.
    path: paths.auth.error.path,
    lazy: async () => ({ Component: (await import('./routes/auth/error')).FlowErrorRoute }),
  },
  {
    // Sends a signed-in user to /dashboard, except to /login?flow=: the login page itself decides
    // there, as the flow may say why confirming the signed-in user failed.
    element: <RedirectIfAuthenticated unlessFlow />,
    children: [
      {
        path: paths.auth.login.path,
        lazy: async () => ({ Component: (await import('./routes/auth/login')).LoginRoute }),
      },
    ],
  },
  {
    // These two send a signed-in user to /dashboard.
    Component: RedirectIfAuthenticated,
    children: [
      {
        path: paths.auth.register.path,
        lazy: async () => ({ Component: (await import('./routes/auth/register')).RegisterRoute }),
      },
      {
        path: paths.auth.verify.path,
        lazy: async () => ({ Component: (await import('./routes/auth/verify')).VerifyRoute }),
      },
    ],
  },
  {
    path: paths.notFound.path,
    lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
  },
];

// Behind the onboarding guard, inside the app shell (sidebar with the workspace switcher).
const appScreens: RouteObject[] = [
  {
    path: paths.settings.root.path,
    lazy: async () => ({ Component: (await import('./routes/app/settings')).SettingsRoute }),
  },
  {
    path: paths.settings.accessTokens.path,
    lazy: async () => ({ Component: (await import('./routes/app/access-tokens')).AccessTokensRoute }),
  },
  {
    path: paths.settings.connectAssistant.path,
    lazy: async () => ({ Component: (await import('./routes/app/connect-assistant')).ConnectAssistantRoute }),
  },
  {
    path: paths.settings.saveFromBrowser.path,
    lazy: async () => ({
      Component: (await import('./routes/app/save-from-browser')).SaveFromBrowserRoute,
    }),
  },
  {
    path: paths.settings.workspaceStorage.path,
    lazy: async () => ({
      Component: (await import('./routes/app/workspace-storage')).WorkspaceStorageRoute,
    }),
  },
  {
    path: paths.callbacks.workspaceGithubStorageUpdate.path,
    lazy: async () => ({
      Component: (await import('./routes/app/workspace-storage-callback')).WorkspaceStorageCallbackRoute,
    }),
  },
  {
    path: paths.workspace.dashboard.path,
    lazy: async () => ({
      Component: (await import('./routes/app/workspace/dashboard')).WorkspaceDashboardRoute,
    }),
  },
  {
    path: paths.workspace.tools.path,
    lazy: async () => ({ Component: (await import('./routes/app/workspace/tools')).ToolsRoute }),
  },
  {
    path: paths.workspace.tool.path,
    lazy: async () => ({ Component: (await import('./routes/app/workspace/tool')).ToolRoute }),
  },
  {
    path: paths.workspace.compare.path,
    lazy: async () => ({ Component: (await import('./routes/app/workspace/compare')).CompareRoute }),
  },
  {
    path: paths.workspace.projects.path,
    lazy: async () => ({ Component: (await import('./routes/app/workspace/projects')).ProjectsRoute }),
  },
  {
    path: paths.workspace.project.path,
    lazy: async () => ({ Component: (await import('./routes/app/workspace/project')).ProjectRoute }),
  },
  {
    path: paths.workspace.resources.path,
    lazy: async () => ({ Component: (await import('./routes/app/workspace/resources')).ResourcesRoute }),
  },
  {
    path: paths.workspace.resource.path,
    lazy: async () => ({ Component: (await import('./routes/app/workspace/resource')).ResourceRoute }),
  },
  {
    path: paths.workspace.resourceCopy.path,
    lazy: async () => ({
      Component: (await import('./routes/app/workspace/resource-copy')).ResourceCopyRoute,
    }),
  },
  {
    path: paths.workspace.toolIngestions.path,
    lazy: async () => ({
      Component: (await import('./routes/app/workspace/tool-ingestions')).ToolIngestionsRoute,
    }),
  },
  {
    path: paths.workspace.suggestions.path,
    lazy: async () => ({
      Component: (await import('./routes/app/workspace/suggestions')).SuggestionsRoute,
    }),
  },
  {
    path: paths.workspace.radar.path,
    lazy: async () => ({ Component: (await import('./routes/app/workspace/radar')).RadarRoute }),
  },
  {
    path: paths.workspace.needsAttention.path,
    lazy: async () => ({
      Component: (await import('./routes/app/workspace/needs-attention')).NeedsAttentionRoute,
    }),
  },
  {
    path: paths.workspace.aiExport.path,
    lazy: async () => ({ Component: (await import('./routes/app/workspace/ai-export')).AiExportRoute }),
  },
  {
    path: paths.workspace.drift.path,
    lazy: async () => ({ Component: (await import('./routes/app/workspace/drift')).DriftRoute }),
  },
];

// Signed-in only: the guard sends others to /.
const protectedScreens: RouteObject[] = [
  {
    path: paths.onboarding.path,
    lazy: async () => ({ Component: (await import('./routes/app/onboarding')).OnboardingRoute }),
  },
  {
    path: paths.dashboard.path,
    lazy: async () => ({ Component: (await import('./routes/app/dashboard')).DashboardRoute }),
  },
  {
    lazy: async () => ({ Component: (await import('./layouts/app-layout')).AppLayout }),
    children: [
      {
        lazy: async () => ({ Component: (await import('./guards/require-onboarded')).RequireOnboarded }),
        ErrorBoundary: RouteError,
        children: appScreens,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: PublicRoot,
      ErrorBoundary: RouteError,
      children: [
        {
          // A pathless route between layout and screens: while the first screen loads, its fallback
          // renders inside the layout, so the header and footer appear at once.
          HydrateFallback: RouteFallback,
          ErrorBoundary: RouteError,
          children: publicScreens,
        },
      ],
    },
    {
      // The save popup has no app frame (it is a small window) and sends a visitor without a session to
      // /login and back, rather than to / as the guard below does.
      path: paths.save.path,
      HydrateFallback: RouteFallback,
      ErrorBoundary: RouteError,
      lazy: async () => ({ Component: (await import('./routes/save')).SaveRoute }),
    },
    {
      // The OAuth consent page, like the save popup: no app frame, and signed-out visitors sign in and return.
      path: paths.oauthConsent.path,
      HydrateFallback: RouteFallback,
      ErrorBoundary: RouteError,
      lazy: async () => ({ Component: (await import('./routes/consent')).ConsentRoute }),
    },
    {
      Component: RequireAuth,
      HydrateFallback: RouteFallback,
      ErrorBoundary: RouteError,
      children: protectedScreens,
    },
  ]);
}
