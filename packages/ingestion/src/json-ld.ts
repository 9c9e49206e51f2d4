// The parts of schema.org JSON-LD that describe a tool, from whatever shape a site emits (one object, an
// array, an @graph, images as strings, objects or arrays).

export interface JsonLdFacts {
  name: string | null;
  headline: string | null;
  description: string | null;
  image: string | null;
  url: string | null;
  /** image or screenshot: a preview, never the logo. */
  previewImage: string | null;
  /** The logo of the page's thing or of its publisher: an icon. */
  logo: string | null;
  publisherName: string | null;
  author: string | null;
  datePublished: string | null;
  /** codeRepository, sameAs and url values: links the page itself claims as its own. */
  ownLinks: string[];
}

// Types that describe the thing the page is about, best first.
const PREFERRED_TYPES = [
  'softwareapplication',
  'webapplication',
  'mobileapplication',
  'softwaresourcecode',
  'product',
  'website',
  'organization',
  'webpage',
  'article',
  'techarticle',
  'blogposting',
];

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function flatten(value: unknown, into: Node[], depth = 0): void {
  if (depth > 4 || into.length > 200) return;
  if (Array.isArray(value)) for (const item of value) flatten(item, into, depth + 1);
  else if (isNode(value)) {
    into.push(value);
    if (value['@graph'] !== undefined) flatten(value['@graph'], into, depth + 1);
  }
}

function types(node: Node): string[] {
  const type = node['@type'];
  const list = Array.isArray(type) ? type : [type];
  return list.filter((item): item is string => typeof item === 'string').map((item) => item.toLowerCase());
}

function rank(node: Node): number {
  const index = Math.min(
    ...types(node)
      .map((type) => PREFERRED_TYPES.indexOf(type))
      .filter((i) => i >= 0),
  );
  return Number.isFinite(index) ? index : PREFERRED_TYPES.length;
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value;
  if (Array.isArray(value)) return text(value[0]);
  return null;
}

function imageUrl(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = imageUrl(item);
      if (found) return found;
    }
    return null;
  }
  if (isNode(value)) return imageUrl(value.url ?? value.contentUrl);
  return null;
}

/** A person or organisation as a name: a string, `{name}`, or the first of an array. */
function personName(value: unknown): string | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = personName(item);
      if (found) return found;
    }
    return null;
  }
  if (isNode(value)) return text(value.name);
  return text(value);
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

export function readJsonLd(blocks: unknown[]): JsonLdFacts {
  const nodes: Node[] = [];
  for (const block of blocks) flatten(block, nodes);
  const ordered = nodes
    .filter((node) => types(node).length > 0)
    .map((node, index) => ({ node, index, rank: rank(node) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ node }) => node);
  const first = <T>(pick: (node: Node) => T | null): T | null => {
    for (const node of ordered) {
      const value = pick(node);
      if (value !== null) return value;
    }
    return null;
  };
  const ownLinks = ordered.flatMap((node) => [
    ...strings(node.codeRepository),
    ...strings(node.sameAs),
    ...strings(node.url),
  ]);
  return {
    name: first((node) => (rank(node) <= PREFERRED_TYPES.indexOf('website') ? text(node.name) : null)),
    headline: first((node) => text(node.headline) ?? text(node.name)),
    description: first((node) => text(node.description)),
    image: first((node) => imageUrl(node.image) ?? imageUrl(node.logo) ?? imageUrl(node.screenshot)),
    url: first((node) => text(node.url)),
    previewImage: first((node) => imageUrl(node.image) ?? imageUrl(node.screenshot)),
    logo: first(
      (node) => imageUrl(node.logo) ?? (isNode(node.publisher) ? imageUrl(node.publisher.logo) : null),
    ),
    publisherName: first((node) => personName(node.publisher)),
    author: first((node) => personName(node.author) ?? personName(node.creator)),
    datePublished: first((node) => text(node.datePublished) ?? text(node.dateCreated)),
    ownLinks,
  };
}
