// Every component test starts from an empty document and the real globals: after each test what it rendered
// is unmounted and what it stubbed (fetch, mostly) is put back.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
