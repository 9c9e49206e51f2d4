// A plain HTML reference built from the OpenAPI document on the server: no scripts or inline styles, so
// it works under the app's strict Content-Security-Policy and needs no UI bundle.

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

interface Document {
  info?: { title?: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function schemaBlock(label: string, schema: unknown): string {
  return `<details><summary>${escape(label)}</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const parts = [
    `<h3 id="${escape(`${method}-${path}`)}"><code>${method.toUpperCase()} ${escape(path)}</code></h3>`,
  ];
  if (operation.summary) parts.push(`<p>${escape(operation.summary)}</p>`);
  for (const parameter of operation.parameters ?? []) {
    parts.push(schemaBlock(`${parameter.in} parameter ${parameter.name}`, parameter.schema));
  }
  const body = operation.requestBody?.content?.['application/json']?.schema;
  if (body) parts.push(schemaBlock('Request body (application/json)', body));
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const content = Object.values(response.content ?? {})[0];
    parts.push(schemaBlock(`Response ${status}`, content?.schema ?? { description: 'no body' }));
  }
  return `<section>${parts.join('\n')}</section>`;
}

export function renderDocsPage(document: unknown): string {
  const doc = document as Document;
  const sections: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) sections.push(renderOperation(method, path, operation));
    }
  }
  const title = escape(doc.info?.title ?? 'API');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body>
<main>
<h1>${title}</h1>
<p>${escape(doc.info?.description ?? '')}</p>
<p>Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
${sections.join('\n')}
</main>
</body>
</html>
`;
}
