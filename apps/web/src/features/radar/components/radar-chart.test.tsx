// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Radar, RadarEntry } from '@stackyard/contracts/radar';
import { RadarChart } from './radar-chart';

const entry = (number: number, name: string, ring: RadarEntry['ring'], quadrant: number): RadarEntry => ({
  number,
  workspace_tool_id: `00000000-0000-4000-8000-${String(number).padStart(12, '0')}`,
  slug: name.toLowerCase(),
  name,
  url: `https://${name.toLowerCase()}.example.com`,
  category: null,
  stance: ring === 'adopt' ? 'preferred' : ring === 'hold' ? 'avoid' : 'accepted',
  ring,
  quadrant,
  note: null,
  stance_updated_at: null,
});

const radar: Radar = {
  workspace: { id: '00000000-0000-4000-8000-000000000001', name: 'Acme', slug: 'acme' },
  rings: [
    { id: 'adopt', name: 'Adopt' },
    { id: 'trial', name: 'Trial' },
    { id: 'assess', name: 'Assess' },
    { id: 'hold', name: 'Hold' },
  ],
  quadrants: [
    { index: 0, name: 'Frameworks' },
    { index: 1, name: 'Tools' },
    { index: 2, name: 'Platforms' },
    { index: 3, name: '<b>Libraries</b>' },
  ],
  entries: [
    entry(1, 'React', 'adopt', 0),
    entry(2, 'Vitest', 'trial', 1),
    entry(3, 'Redis', 'trial', 3),
    entry(4, 'Prisma', 'hold', 3),
  ],
};

describe('RadarChart', () => {
  it('draws a numbered dot per tool, and lists the same numbers by quadrant and ring', () => {
    const { container } = render(<RadarChart radar={radar} />);
    const dots = [...container.querySelectorAll('svg g[data-number]')];
    expect(dots.map((dot) => dot.textContent)).toEqual(['1', '2', '3', '4']);
    // Each dot sits in its quadrant: clockwise from the bottom right, as the exports place them.
    const [react, vitest, redis] = dots.map((dot) =>
      (dot.getAttribute('transform') ?? '').match(/-?[\d.]+/g)?.map(Number),
    );
    expect(react?.[0]).toBeGreaterThan(0);
    expect(react?.[1]).toBeGreaterThan(0);
    expect(vitest?.[0]).toBeLessThan(0);
    expect(vitest?.[1]).toBeGreaterThan(0);
    expect(redis?.[0]).toBeGreaterThan(0);
    expect(redis?.[1]).toBeLessThan(0);

    const libraries = screen.getByRole('region', { name: '<b>Libraries</b>' });
    expect(
      within(libraries)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['3Redis', '4Prisma']);
    within(libraries).getByText('Hold');
    within(screen.getByRole('region', { name: 'Platforms' })).getByText('No tools yet.');
    // User text is text, not markup.
    expect(container.querySelector('b')).toBeNull();
  });

  it("shows a dot's name while it has keyboard focus", () => {
    render(<RadarChart radar={radar} />);
    const prisma = screen.getByRole('img', { name: '4. Prisma: Hold' });
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.focus(prisma);
    expect(screen.getByRole('status').textContent).toBe('Prisma');
    fireEvent.blur(prisma);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
