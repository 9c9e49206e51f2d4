// `npm start`: builds the SPA if its sources changed, then runs the server in this process.
import { restartTuned } from '../apps/server/src/process-restart.ts';
import { ensureWebBuild } from './web-build.ts';

// First, so that the build check below runs once, in the restarted process.
restartTuned();
if (!process.env.WEB_DIST_DIR) ensureWebBuild();
await import('../apps/server/src/main.ts');
