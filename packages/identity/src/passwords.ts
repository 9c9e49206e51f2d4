import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import type * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@stackyard/contracts/password';
import type { Argon2Params } from './config.ts';
import { text, type UiText } from './ui.ts';

// ~49,000 passwords most often seen in breach corpora, shipped by zxcvbn-ts: checked offline, no network.
// Its dictionaries (decompressed as the package loads) are required on the first check, not at start-up: a
// server that registers no one and changes no password never holds them.
const require = createRequire(import.meta.url);
let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = require('@zxcvbn-ts/language-common') as typeof zxcvbnCommon;
    common = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  }
  return common;
}

/** An argon2id PHC string; the parameters travel in it, so they can change without breaking old hashes. */
export function hashPassword(password: string, params: Argon2Params): Promise<string> {
  return hash(password, params);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** True when a hash was made with other parameters than the configured ones (it is upgraded at next login). */
export function needsRehash(hashed: string, params: Argon2Params): boolean {
  return (
    !hashed.startsWith('$argon2id$') ||
    !hashed.includes(`$m=${params.memoryCost},t=${params.timeCost},p=${params.parallelism}$`)
  );
}

/**
 * Costs one verification against a hash of the configured parameters, so that an unknown identifier answers
 * after the same delay as a wrong password (no account enumeration by timing).
 */
export function createTimingEqualizer(params: Argon2Params): () => Promise<void> {
  let dummy: Promise<string> | null = null;
  return async () => {
    dummy ??= hashPassword('not-a-real-password', params);
    await verifyPassword(await dummy, 'definitely-not-it');
  };
}

/** Kratos's password policy: length, similarity to the identifier, and the breached list. Null if fine. */
export function passwordProblem(password: string, identifier: string): UiText | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return text.tooShort(PASSWORD_MIN_LENGTH, length);
  if (length > PASSWORD_MAX_LENGTH) {
    return text.passwordPolicy(`it is longer than ${PASSWORD_MAX_LENGTH} characters`);
  }
  if (tooSimilar(password, identifier)) return text.tooSimilar();
  if (commonPasswords().has(password.toLowerCase())) return text.breached();
  return null;
}

// As Kratos: too similar when the edit distance is below 5 or the longest common substring covers more
// than half of the password. Both compared lower-cased, against the whole identifier and its local part.
function tooSimilar(password: string, identifier: string): boolean {
  const pw = password.toLowerCase();
  const id = identifier.toLowerCase().trim();
  if (!id) return false;
  const candidates = [id, id.split('@')[0] ?? id].filter((candidate) => candidate.length > 0);
  return candidates.some(
    (candidate) => levenshtein(pw, candidate) < 5 || longestCommonSubstring(pw, candidate) / pw.length > 0.5,
  );
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function longestCommonSubstring(a: string, b: string): number {
  let best = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        const run = (previous[j - 1] ?? 0) + 1;
        current[j] = run;
        if (run > best) best = run;
      }
    }
    previous = current;
  }
  return best;
}
