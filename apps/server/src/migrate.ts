// `npm run db:migrate`: applies the committed migrations to the configured database and exits.
import { createDb } from '@stackyard/db/client';
import { loadConfig } from './config.ts';

const config = loadConfig();
const db = await createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await db.migrate();
  console.log(`migrations applied (${db.driver}: ${db.location})`);
} finally {
  await db.close();
}
