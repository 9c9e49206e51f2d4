/**
 * The header the web app sends on every product API call. A page of another origin cannot send a custom
 * header without a CORS preflight, which the API never grants, so a state-changing call that carries the
 * user_jwt cookie but not this header did not come from the app (cross-site or same-site forgery).
 */
export const APP_REQUEST_HEADER = 'x-stackyard-client';
export const APP_REQUEST_HEADER_VALUE = 'web';
