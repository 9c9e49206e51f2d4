// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { needsOnboarding, onboardingStep } from './onboarding-state';

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
});
