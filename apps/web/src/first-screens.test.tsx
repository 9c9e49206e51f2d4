// @vitest-environment happy-dom
// The HTML the build puts into the pages the server sends for / and /login (vite.config.ts firstScreens).
import { describe, expect, it } from 'vitest';
import { firstScreenPaths, renderFirstScreen } from './first-screens';

function parse(path: string) {
  const { title, body } = renderFirstScreen(path);
  const root = document.createElement('div');
  root.innerHTML = body;
  return { title, root };
}

describe('prerendered first screens', () => {
  it('are / and /login', () => {
    expect(firstScreenPaths).toEqual(['/', '/login']);
  });

  it('shows the landing page to a visitor, with the title apart from the body', () => {
    const { title, root } = parse('/');
    expect(title).toBe('<title>stackyard</title>');
    expect(root.querySelector('h1')?.textContent).toBe('The yard where your developer stack lives');
    expect(root.querySelector('title')).toBeNull();
  });

  it('shows the login form, which cannot be used until the app takes over', () => {
    const { title, root } = parse('/login');
    expect(title).toBe('<title>Login · stackyard</title>');
    const login = [...root.querySelectorAll('button')].find((button) => button.textContent === 'Login');
    expect(login).toBeDefined();
    // Inside a disabled fieldset, which disables every control in it (happy-dom does not apply that itself).
    expect(login?.closest('fieldset')?.disabled).toBe(true);
    expect(root.querySelector('input[type="password"]')?.closest('fieldset')?.disabled).toBe(true);
  });
});
