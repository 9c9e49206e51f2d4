import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { onboardingUsernameSchema, profileFormSchema, usernameSchema } from './profile.ts';
import { editWorkspaceFormSchema, workspaceFormSchema } from './workspace.ts';

// The exact messages the web forms show: the forms parse with these schemas.
const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('username', () => {
  it('is checked with the onboarding wording of the character rule in onboarding', () => {
    expect(messages(onboardingUsernameSchema, '')).toEqual(['Username is required']);
    expect(messages(onboardingUsernameSchema, 'ab')).toEqual(['Username must be at least 3 characters']);
    expect(messages(onboardingUsernameSchema, 'a'.repeat(31))).toEqual([
      'Username must be at most 30 characters',
    ]);
    expect(messages(onboardingUsernameSchema, 'ana-maria')).toEqual([
      'Username can only contain lowercase letters, numbers, and underscores',
    ]);
    expect(onboardingUsernameSchema.parse(' Ana_1 ')).toBe('ana_1');
  });

  it('is checked with the settings wording elsewhere', () => {
    expect(messages(usernameSchema, 'ana-maria')).toEqual([
      'Username must contain only lowercase letters, numbers, and underscores',
    ]);
    expect(messages(usernameSchema, '  ')).toEqual(['Username is required']);
  });
});

describe('workspace forms', () => {
  const create = (input: { name: string; slug: string; description?: string }) =>
    messages(workspaceFormSchema, { description: '', ...input });

  it('create: name required, slug optional but 3 to 63 characters when given', () => {
    expect(create({ name: ' ', slug: '' })).toEqual(['Name is required']);
    expect(create({ name: 'Tools', slug: 'ab' })).toEqual(['Slug must be at least 3 characters']);
    expect(create({ name: 'Tools', slug: 'a'.repeat(64) })).toEqual(['Slug must be at most 63 characters']);
    expect(create({ name: 'Tools', slug: '' })).toEqual([]);
  });

  it('create: empty slug and description are left out of the request, the rest trimmed', () => {
    expect(workspaceFormSchema.parse({ name: ' Tools ', slug: ' ', description: '' })).toEqual({
      name: 'Tools',
    });
    expect(workspaceFormSchema.parse({ name: 'Tools', slug: ' my-tools ', description: 'Ours' })).toEqual({
      name: 'Tools',
      slug: 'my-tools',
      description: 'Ours',
    });
  });

  it('edit: the slug is required; an empty description clears it', () => {
    // The form shows a field's first message.
    expect(messages(editWorkspaceFormSchema, { name: 'Tools', slug: '', description: '' })[0]).toBe(
      'Slug must be at least 3 characters',
    );
    expect(editWorkspaceFormSchema.parse({ name: 'Tools', slug: 'tools', description: ' ' })).toEqual({
      name: 'Tools',
      slug: 'tools',
      description: null,
    });
  });
});

describe('profile form', () => {
  it('checks the lengths and the avatar URL, and sends an empty field as null', () => {
    const values = { display_name: 'a'.repeat(101), bio: 'b'.repeat(501), avatar_url: 'not a url' };
    expect(messages(profileFormSchema, values)).toEqual([
      'Display name must be at most 100 characters',
      'Bio must be at most 500 characters',
      'Avatar URL must be a valid URL',
    ]);
    expect(
      profileFormSchema.parse({ display_name: ' ', bio: '', avatar_url: ' https://a.example/me.png ' }),
    ).toEqual({
      display_name: null,
      bio: null,
      avatar_url: 'https://a.example/me.png',
    });
  });
});
