import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PublicRoot } from '@/app/layouts/public-root';
import { LoginRoute } from '@/app/routes/auth/login';
import { LandingHero } from '@/features/marketing/components/landing-hero';
import { ProductOverview } from '@/features/marketing/components/product-overview';
import { createQueryClient } from '@/lib/query-client';

/**
 * The first screen of each page the server sends prerendered, rendered at build time (vite.config.ts) into
 * that page's copy of index.html, so it paints before the JavaScript arrives; main.tsx then renders the app
 * over it once the app can show the same page. Rendered as a visitor sees it before whoami answers: the
 * layout's header without its signed-in links, and / with the landing page rather than its wait state.
 */
const screens: Record<string, ReactNode> = {
  '/': (
    <>
      <LandingHero />
      <ProductOverview />
    </>
  ),
  '/login': <LoginRoute />,
};

export const firstScreenPaths = Object.keys(screens);

/** The page's HTML, and apart from it the <title> that React renders in place (DocumentTitle). */
export function renderFirstScreen(path: string): { title: string; body: string } {
  const router = createMemoryRouter(
    [{ Component: PublicRoot, children: [{ path, element: screens[path] }] }],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  const html = renderToString(
    // Disabled until the app renders over it: a form filled in or sent before then would be lost, or sent
    // by the browser itself as a GET with the password in its URL.
    <fieldset disabled className="contents">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </fieldset>,
  );
  // The session query the header started would otherwise keep the build's process alive for its gcTime.
  queryClient.clear();
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? '<title>stackyard</title>';
  return { title, body: html.replace(title, '') };
}
