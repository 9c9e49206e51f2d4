// A local SMTP server that keeps every mail the e2e server sends, and a tiny HTTP endpoint through which
// the specs (in other processes) read them. Runs inside global-setup.
import { createServer, type Server } from 'node:http';
import { startSmtpSink, type CaughtMail } from '@stackyard/identity/testing';

export type { CaughtMail };

function portOf(server: Server): number {
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the server has no port');
  return address.port;
}

export async function startMailSink() {
  const smtp = await startSmtpSink();
  const http = createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://sink').searchParams.get('to')?.toLowerCase();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(smtp.mails.filter((mail) => !to || mail.to.toLowerCase() === to)));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    smtpUrl: smtp.url,
    mailboxUrl: `http://127.0.0.1:${portOf(http)}`,
    close: async () => {
      await smtp.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
