// Turns what Node's DNS, socket, TLS and HTTP layers throw into quarantine reasons a person can read.
import { fail, type Result } from './failure.ts';

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return '';
}

function errorText(error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

export function dnsFailure<T>(error: unknown, url: string): Result<T> {
  const code = errorCode(error);
  const detail = errorText(error);
  if (code === 'ENOTFOUND' || code === 'ENODATA') {
    return fail('unreachable', {
      url,
      detail,
      // A name that does not exist today rarely exists tomorrow; don't retry it.
      transient: false,
      message: 'The site could not be found: its name does not exist.',
    });
  }
  return fail('unreachable', { url, detail, message: 'The site name could not be looked up.' });
}

export function networkFailure<T>(error: unknown, url: string): Result<T> {
  const code = errorCode(error);
  const detail = errorText(error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return dnsFailure(error, url);
  if (code === 'ECONNREFUSED') {
    return fail('unreachable', { url, detail, message: 'The site refused the connection.' });
  }
  if (code.startsWith('HPE_')) {
    return fail('http_error', {
      url,
      detail,
      message: 'The site sent a response that is not valid HTTP.',
    });
  }
  if (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    code.startsWith('CERT_') ||
    code.startsWith('UNABLE_TO_') ||
    code.endsWith('SELF_SIGNED_CERT') ||
    code === 'SELF_SIGNED_CERT_IN_CHAIN' ||
    code === 'ERR_TLS_CERT_ALTNAME_INVALID'
  ) {
    return fail('unreachable', {
      url,
      detail,
      transient: false,
      message: "The site's security certificate could not be verified.",
    });
  }
  if (code.startsWith('Z_') || code.startsWith('ERR__ERROR_')) {
    return fail('http_error', { url, detail, message: 'The site sent a corrupted compressed page.' });
  }
  return fail('unreachable', { url, detail, message: 'The connection to the site failed.' });
}
