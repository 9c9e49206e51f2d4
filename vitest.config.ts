import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace. End-to-end tests have their own config in e2e/.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
