// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { credentialsSchema, verificationCodeSchema } from './schemas';

const messages = (input: unknown) =>
  credentialsSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('auth form checks', () => {
  it('asks for a valid e-mail and a 6-character password', () => {
    expect(messages({ email: 'nope', password: '12345' })).toEqual([
      'Please enter a valid email address.',
      'Password must be at least 6 characters.',
    ]);
    expect(messages({ email: 'ana@example.com', password: '123456' })).toEqual([]);
  });

  it('trims the verification code and requires one', () => {
    expect(verificationCodeSchema.parse({ code: ' 123456 ' }).code).toBe('123456');
    expect(verificationCodeSchema.safeParse({ code: '   ' }).success).toBe(false);
  });
});

describe('the e-mail check', () => {
  it('takes the addresses zod took and refuses the rest', () => {
    const valid = (email: string) => credentialsSchema.safeParse({ email, password: '123456' }).success;
    for (const email of ['ana@example.com', 'a.b+tag@mail.example.co', "o'neil@example.org"]) {
      expect(valid(email), email).toBe(true);
    }
    for (const email of [
      '',
      'ana',
      'ana@',
      '@example.com',
      '.ana@example.com',
      'a..b@example.com',
      'ana@example',
      'a b@example.com',
    ]) {
      expect(valid(email), email).toBe(false);
    }
  });
});
