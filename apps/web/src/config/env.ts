// The SPA's deployment settings, read once from the build's environment (src/vite-env.d.ts lists them).

export const env = {
  identityUrl: (): string => import.meta.env.VITE_IDENTITY_URL ?? `${window.location.origin}/.ory`,
  cookieDomain: (): string | undefined => import.meta.env.VITE_COOKIE_DOMAIN || undefined,
  tokenizeTemplate: (): string => import.meta.env.VITE_TOKENIZE_TEMPLATE || 'stackyard',
  apiBasePath: '/api/v1',
};
