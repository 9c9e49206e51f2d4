import { defineConfig } from 'vitest/config';

// End-to-end specs: the real server (started once by global-setup.ts) driven through the system Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
