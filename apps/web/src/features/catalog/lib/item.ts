// The three kinds of catalog item that carry comments and tags, and where their API paths live.
export type CatalogItemKind = 'tool' | 'resource' | 'project';

export type CatalogItem = { kind: CatalogItemKind; id: string };

const bases: Record<CatalogItemKind, string> = {
  tool: '/tools/workspace',
  resource: '/resources/workspace',
  project: '/projects',
};

export function itemPath(item: CatalogItem): string {
  return `${bases[item.kind]}/${encodeURIComponent(item.id)}`;
}
