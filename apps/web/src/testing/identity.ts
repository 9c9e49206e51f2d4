// The identity service as the web app's component tests meet it: its answers as JSON, through a stubbed fetch
// that records each request.
import { vi } from 'vitest';

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
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return answer(url);
    }),
  );
  return calls;
}
