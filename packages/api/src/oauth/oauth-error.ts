/** An error of the OAuth endpoints, answered as RFC 6749 describes: JSON with `error` and a description. */
export class OAuthError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, description: string, status = 400) {
    super(description);
    this.name = 'OAuthError';
    this.code = code;
    this.status = status;
  }
}
