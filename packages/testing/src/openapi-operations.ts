import type { FastifyInstance } from 'fastify';

export interface Operation {
  method: string;
  /** The path below the API prefix, with its `{name}` parameters as the document writes them. */
  path: string;
  hasBody: boolean;
  jsonBody: boolean;
}

/** Every operation of the server's OpenAPI document: what fuzz tests send their input to. */
export async function openApiOperations(app: FastifyInstance): Promise<Operation[]> {
  const document = (await app.inject('/api/docs/openapi.json')).json() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: path.replace(/^\/api\/v1/, ''),
      hasBody: operation.requestBody !== undefined,
      jsonBody: operation.requestBody?.content?.['application/json'] !== undefined,
    })),
  );
}
