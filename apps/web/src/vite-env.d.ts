/// <reference types="vite/client" />

// Build-time settings (Vite inlines them). Every one is optional: the defaults fit the single-origin server.
interface ImportMetaEnv {
  /** Where the browser reaches the identity API; default `<origin>/.ory`. */
  readonly VITE_IDENTITY_URL?: string;
  /** The parent domain the user_jwt cookie is scoped to, e.g. `example.com`; unset for a host-only cookie. */
  readonly VITE_COOKIE_DOMAIN?: string;
  /** The identity service's token template (IDENTITY_TOKENIZE_TEMPLATE of the server); default `stackyard`. */
  readonly VITE_TOKENIZE_TEMPLATE?: string;
}
