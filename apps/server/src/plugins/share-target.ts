import type { FastifyInstance } from 'fastify';
import { sendProblem } from './problem-details.ts';

/** Where the web app manifest's `share_target` posts, and the SPA page it leads to. */
export const SHARE_PATH = '/share';
export const SAVE_PATH = '/save';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
// A share is a title, a text and a URL; anything bigger is not one (a shared file is not accepted).
const BODY_LIMIT = 64 * 1024;
const MAX_URL = 2048;
const MAX_TITLE = 500;
const MAX_TEXT = 4000;
// The browser sends the Location back as a request line; with the cookies it must stay well under Node's
// 16 kB header limit, so the shared text is shortened until it fits (the URL and title never are).
const MAX_LOCATION = 8000;

export interface SharedFields {
  title: string;
  text: string;
  url: string;
}

/** `/save?…` prefilled with what was shared; empty fields are left out. */
export function saveLocation(fields: SharedFields): string {
  const url = fields.url.trim().slice(0, MAX_URL);
  const title = fields.title.trim().slice(0, MAX_TITLE);
  let text = fields.text.trim().slice(0, MAX_TEXT);
  const build = () => {
    const query = new URLSearchParams();
    if (url) query.set('url', url);
    if (title) query.set('title', title);
    if (text) query.set('text', text);
    const search = query.toString();
    return search ? `${SAVE_PATH}?${search}` : SAVE_PATH;
  };
  let location = build();
  while (location.length > MAX_LOCATION && text.length > 0) {
    text = text.slice(0, Math.floor(text.length * 0.8)).trimEnd();
    location = build();
  }
  return location;
}

async function sharedFields(contentType: string, body: Buffer): Promise<SharedFields> {
  // The platform's form parser reads both encodings a share target may declare.
  const form = await new Request('http://share.invalid/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(body),
  }).formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { title: field('title'), text: field('text'), url: field('url') };
}

/**
 * The Web Share Target (`share_target` in manifest.webmanifest): "Share → stackyard" on a phone POSTs the
 * shared title, text and URL here. It writes nothing: a POST from outside the app carries the user_jwt cookie
 * without the app's header, which the API refuses (docs/accounts.md, "Cookies, request forgery and logout"). It answers
 * 303 to the SPA's save page with the fields in the query, where the user checks them and saves through the
 * API like any other submission (and signs in first when needed).
 */
export async function shareTarget(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // Form bodies are parsed only here; the API itself takes JSON.
    for (const type of FORM_TYPES) {
      scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
    }
    scope.post(SHARE_PATH, async (request, reply) => {
      const contentType = request.headers['content-type'] ?? '';
      const body = request.body;
      if (body === undefined || body === null) return reply.redirect(SAVE_PATH, 303);
      if (!Buffer.isBuffer(body)) {
        return sendProblem(reply, 415, `Share a form: ${FORM_TYPES.join(' or ')}.`, {
          code: 'bad_request',
        });
      }
      let fields: SharedFields;
      try {
        fields = await sharedFields(contentType, body);
      } catch {
        return sendProblem(reply, 400, 'The shared form could not be read.', { code: 'bad_request' });
      }
      return reply.redirect(saveLocation(fields), 303);
    });
  });
}
