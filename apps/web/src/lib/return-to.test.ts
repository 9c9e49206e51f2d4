// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { appPathOf, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps a path of the app with its query', () => {
    expect(safeReturnTo('/save?url=https%3A%2F%2Fvite.dev&title=Vite')).toBe(
      '/save?url=https%3A%2F%2Fvite.dev&title=Vite',
    );
  });

  it('ignores anything that could leave the app', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'save',
    ]) {
      expect(safeReturnTo(value), String(value)).toBeNull();
    }
  });
});

describe('appPathOf', () => {
  it("keeps the path of a URL on the app's origin", () => {
    expect(appPathOf(`${window.location.origin}/settings?tab=account#security`)).toBe(
      '/settings?tab=account#security',
    );
  });

  it('ignores another origin and what is not a URL', () => {
    for (const value of [
      null,
      undefined,
      '',
      '/settings',
      'https://evil.example/settings',
      'javascript:alert(1)',
      `${window.location.origin}//evil.example/x`,
    ]) {
      expect(appPathOf(value), String(value)).toBeNull();
    }
  });
});
