import { appendFileSync } from 'node:fs';

/**
 * A figure with an absolute target: written as a JSON line to BENCH_LIMITS_FILE when it is set (the budget
 * reads it, `bench/budget/main.ts`); the mark for the benchmark's own table.
 */
export function recordLimit(name: string, value: number, limit: number): string {
  const file = process.env.BENCH_LIMITS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ name, value, limit })}\n`);
  return value <= limit ? '✓' : '✗ over';
}
