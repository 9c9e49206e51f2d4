// Reads the mails the e2e server sent (through global-setup's mail sink).
import { inject } from 'vitest';
import type { CaughtMail } from './mail-sink.ts';

/** The `count`-th mail to `to` (default: the first), waiting for it to arrive. */
export async function waitForMail(to: string, count = 1, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  const url = `${inject('mailboxUrl')}/?to=${encodeURIComponent(to)}`;
  for (;;) {
    const mails = (await (await fetch(url)).json()) as CaughtMail[];
    const found = mails[count - 1];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The six-digit code of a verification or recovery mail. */
export function codeOf(mail: CaughtMail): string {
  const match = /^(\d{6})\s*$/m.exec(mail.raw);
  if (!match?.[1]) throw new Error(`no code in the mail:\n${mail.raw}`);
  return match[1];
}

/** The identity service's link in a verification or recovery mail, decoded from the mail's transfer encoding. */
export function linkOf(mail: CaughtMail): string {
  const unfolded = mail.raw.replace(/=\r?\n/g, '');
  const match = /(https?:\/\/\S+\/self-service\/\w+\?flow=[^\s"<]+)/.exec(unfolded);
  if (!match?.[1]) throw new Error(`no link in the mail:\n${mail.raw}`);
  return match[1].replace(/=3D/g, '=').replace(/&amp;/g, '&');
}
