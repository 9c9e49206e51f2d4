/**
 * The password policy of the identity service (Kratos's defaults, which packages/identity enforces): the web
 * app states it wherever a new password is chosen, before it is sent.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

export const PASSWORD_RULES =
  `At least ${PASSWORD_MIN_LENGTH} characters, not close to your e-mail address, ` +
  'and not a password known from data breaches.';
