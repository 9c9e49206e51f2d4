// `npm start`: builds the SPA if its sources changed, then runs the server in this process.
import { ensureWebBuild } from './web-build.ts';

if (!process.env.WEB_DIST_DIR) ensureWebBuild();
await import('../apps/server/src/main.ts');
