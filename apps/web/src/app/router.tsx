import { useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { RouteError } from '@/components/route-error';
import { RouteFallback } from '@/components/route-fallback';
import { paths } from '@/config/paths';

// Every screen is its own chunk, loaded when its route matches; the first page ships only the layout and itself.
const screens: RouteObject[] = [
  {
    path: paths.home.path,
    lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
  },
  {
    path: paths.about.path,
    lazy: async () => ({ Component: (await import('./routes/about')).AboutRoute }),
  },
  {
    path: paths.auth.login.path,
    lazy: async () => ({ Component: (await import('./routes/auth/login')).LoginRoute }),
  },
  {
    path: paths.auth.register.path,
    lazy: async () => ({ Component: (await import('./routes/auth/register')).RegisterRoute }),
  },
  {
    path: paths.auth.verify.path,
    lazy: async () => ({ Component: (await import('./routes/auth/verify')).VerifyRoute }),
  },
  {
    path: paths.onboarding.path,
    lazy: async () => ({ Component: (await import('./routes/app/onboarding')).OnboardingRoute }),
  },
  {
    path: paths.dashboard.path,
    lazy: async () => ({ Component: (await import('./routes/app/dashboard')).DashboardRoute }),
  },
  {
    path: paths.settings.root.path,
    lazy: async () => ({ Component: (await import('./routes/app/settings')).SettingsRoute }),
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
    path: paths.workspace.toolIngestions.path,
    lazy: async () => ({
      Component: (await import('./routes/app/workspace/tool-ingestions')).ToolIngestionsRoute,
    }),
  },
  {
    path: paths.notFound.path,
    lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
  },
];

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: PublicLayout,
      ErrorBoundary: RouteError,
      children: [
        {
          // A pathless route between layout and screens: while the first screen loads, its fallback
          // renders inside the layout, so the header and footer appear at once.
          HydrateFallback: RouteFallback,
          ErrorBoundary: RouteError,
          children: screens,
        },
      ],
    },
  ]);
}

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
