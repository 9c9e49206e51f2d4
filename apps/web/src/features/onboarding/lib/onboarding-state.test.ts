// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  firstWorkspaceSchema,
  needsOnboarding,
  onboardingStep,
  onboardingUsernameSchema,
} from './onboarding-state';

const usernameMessages = (username: string) =>
  onboardingUsernameSchema.safeParse({ username }).error?.issues.map((issue) => issue.message) ?? [];
const workspaceMessages = (input: { name: string; slug: string }) =>
  firstWorkspaceSchema.safeParse({ description: '', ...input }).error?.issues.map((issue) => issue.message) ??
  [];

describe('onboarding state', () => {
  it('is needed without a username or without a workspace', () => {
    expect(needsOnboarding(null, [])).toBe(true);
    expect(needsOnboarding({ current_username: 'ana' }, [])).toBe(true);
    expect(needsOnboarding({ current_username: null }, [{}])).toBe(true);
    expect(needsOnboarding({ current_username: 'ana' }, undefined)).toBe(true);
    expect(needsOnboarding({ current_username: 'ana' }, [{}])).toBe(false);
  });

  it('asks for the username first, then the workspace', () => {
    expect(onboardingStep(null)).toBe('username');
    expect(onboardingStep({ current_username: 'ana' })).toBe('workspace');
  });

  it('checks the username with the onboarding messages', () => {
    expect(usernameMessages('')).toEqual(['Username is required']);
    expect(usernameMessages('ab')).toEqual(['Username must be at least 3 characters']);
    expect(usernameMessages('a'.repeat(31))).toEqual(['Username must be at most 30 characters']);
    expect(usernameMessages('ana-maria')).toEqual([
      'Username can only contain lowercase letters, numbers, and underscores',
    ]);
    expect(onboardingUsernameSchema.parse({ username: ' Ana_1 ' }).username).toBe('ana_1');
  });

  it('checks the first workspace', () => {
    expect(workspaceMessages({ name: ' ', slug: '' })).toEqual(['Name is required']);
    expect(workspaceMessages({ name: 'Tools', slug: 'ab' })).toEqual(['Slug must be at least 3 characters']);
    expect(workspaceMessages({ name: 'Tools', slug: 'a'.repeat(64) })).toEqual([
      'Slug must be at most 63 characters',
    ]);
    expect(workspaceMessages({ name: 'Tools', slug: '' })).toEqual([]);
  });
});
