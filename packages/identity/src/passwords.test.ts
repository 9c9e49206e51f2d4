// The password policy and the hash format, without HTTP.
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from './passwords.ts';

const cheap = { memoryCost: 4096, timeCost: 1, parallelism: 1 };

describe('passwordProblem', () => {
  it.each([
    ['short1', 4000032],
    ['password123', 4000034],
    ['iloveyou1', 4000034],
    ['ada.lovelace2', 4000031],
    ['ADA.LOVELACE@example.com', 4000031],
  ])('refuses %s with %i', (password, id) => {
    expect(passwordProblem(password, 'ada.lovelace@example.com')?.id).toBe(id);
  });

  it('accepts a long, unrelated passphrase', () => {
    expect(passwordProblem('mauve tractor singing loudly', 'ada.lovelace@example.com')).toBeNull();
  });

  it('counts characters, not bytes, for the minimum length', () => {
    expect(passwordProblem('ünïcödé!', 'x@example.com')).toBeNull();
  });
});

describe('argon2id hashes', () => {
  it('record their parameters and verify only the right password', async () => {
    const hashed = await hashPassword('mauve tractor singing loudly', cheap);
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=4096,t=1,p=1\$/);
    await expect(verifyPassword(hashed, 'mauve tractor singing loudly')).resolves.toBe(true);
    await expect(verifyPassword(hashed, 'mauve tractor singing quietly')).resolves.toBe(false);
    await expect(verifyPassword('not a hash', 'x')).resolves.toBe(false);
  });

  it('tell when they were made with other parameters', async () => {
    const hashed = await hashPassword('mauve tractor singing loudly', cheap);
    expect(needsRehash(hashed, cheap)).toBe(false);
    expect(needsRehash(hashed, { ...cheap, timeCost: 2 })).toBe(true);
  });
});
