// The identity service as the web app's component tests meet it: its answers as JSON, through a stubbed fetch
// that records each request.
import { stubApi } from './api';

/** A node of a flow's form (`ui.nodes`), as the identity service writes it. */
export const uiNode = (group: string, name: string, type: string, value: unknown, label?: string) => ({
  type: 'input',
  group,
  attributes: { name, type, value, disabled: false, node_type: 'input' },
  messages: [],
  meta: label ? { label: { id: 1010002, text: label, type: 'info' } } : {},
});

export type Call = { url: string; method: string; body: unknown };

/** Stubs the global fetch with `answer`; the calls made, each with its JSON body parsed, fill the list. */
export function stubIdentityFetch(answer: (url: string) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  stubApi(({ method, url, body }) => {
    calls.push({ url: url.href, method, body });
    return answer(url.href);
  });
  return calls;
}
