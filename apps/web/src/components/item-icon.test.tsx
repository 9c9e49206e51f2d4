// @vitest-environment happy-dom
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialsOf, ItemIcon, tileOf } from './item-icon';

describe('ItemIcon', () => {
  it('shows the stored icon, and the initials tile when it fails to load', () => {
    const { container } = render(<ItemIcon name="TanStack Query" src="/api/v1/media/abc" />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/api/v1/media/abc');
    fireEvent.error(image as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('TQ');
  });

  it('makes initials from words, a URL or one word, and the same tile for the same name', () => {
    expect(initialsOf('TanStack Query')).toBe('TQ');
    expect(initialsOf('vitest')).toBe('VI');
    expect(initialsOf('https://www.example.com/post')).toBe('EC');
    expect(initialsOf('élan vital')).toBe('ÉV');
    expect(initialsOf('…')).toBe('?');
    expect(tileOf('Rocket')).toBe(tileOf('rocket'));
    const { container } = render(<ItemIcon name="Rocket" src={null} />);
    expect(container.firstElementChild?.className).toContain(tileOf('Rocket').split(' ')[0]);
  });
});
