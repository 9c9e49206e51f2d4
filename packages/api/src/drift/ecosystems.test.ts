import { describe, expect, it } from 'vitest';
import { SCAN_ECOSYSTEMS } from '@stackyard/contracts/drift';
import { ECOSYSTEMS } from '@stackyard/scanner/types';

// Contracts and the scanner sit in the same layer and may not import each other, so the API's list of
// ecosystems is written out beside the scanner's: an ecosystem the scanner learns must reach the contract,
// or an upload of its scan would be refused.
describe('scan ecosystems', () => {
  it('are the same in the API contract and the scanner', () => {
    expect([...SCAN_ECOSYSTEMS]).toEqual([...ECOSYSTEMS]);
  });
});
