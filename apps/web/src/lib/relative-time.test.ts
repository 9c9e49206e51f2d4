// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('timeAgo', () => {
  it('names the largest whole unit', () => {
    expect(timeAgo('2026-03-10T11:59:30Z', NOW)).toBe('just now');
    expect(timeAgo('2026-03-10T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(timeAgo('2026-03-09T12:00:00Z', NOW)).toBe('yesterday');
    expect(timeAgo('2026-03-07T12:00:00Z', NOW)).toBe('3 days ago');
    expect(timeAgo('2025-12-01T12:00:00Z', NOW)).toBe('3 months ago');
    expect(timeAgo('2024-01-01T12:00:00Z', NOW)).toBe('2 years ago');
  });

  it('reads a time less than a minute ahead as now, and a later one as ahead', () => {
    expect(timeAgo('2026-03-10T12:00:30Z', NOW)).toBe('just now');
    expect(timeAgo('2026-03-11T12:00:00Z', NOW)).toBe('tomorrow');
    expect(timeAgo('2026-03-13T12:00:00Z', NOW)).toBe('in 3 days');
  });
});
