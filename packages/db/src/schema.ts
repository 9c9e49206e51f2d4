// The whole schema, one module per domain. Drizzle's relational queries and drizzle-kit read it here.
export * from './schema/profiles.ts';
export * from './schema/workspaces.ts';
export * from './schema/identity.ts';
export * from './schema/media.ts';
export * from './schema/catalog.ts';
export * from './schema/copies.ts';
export * from './schema/ingestion.ts';
export * from './schema/store.ts';
export * from './schema/tokens.ts';
export * from './schema/stack.ts';
export * from './schema/radar.ts';
export * from './schema/facts.ts';
export * from './schema/suggestions.ts';
export * from './schema/limits.ts';
export * from './schema/oauth.ts';
export * from './schema/scans.ts';
export * from './schema/health.ts';
