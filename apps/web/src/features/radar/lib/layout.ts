import { RADAR_RINGS, type RadarEntry } from '@stackyard/contracts/radar';

// Where each dot goes on the radar drawing: rings from Adopt in the middle to Hold outside, quadrants
// clockwise from the bottom right (as Zalando's and Backstage's radars place them, so the exports match).

export const RING_RADII = [70, 130, 180, 220] as const;
export const DOT_RADIUS = 9;

export interface PlacedDot {
  entry: RadarEntry;
  x: number;
  y: number;
}

/** Each (quadrant, ring) cell's dots spread over rows across the ring's band and the quadrant's angle. */
export function placeDots(entries: readonly RadarEntry[]): PlacedDot[] {
  const cells = new Map<string, RadarEntry[]>();
  for (const entry of entries) {
    const key = `${entry.quadrant}:${entry.ring}`;
    cells.set(key, [...(cells.get(key) ?? []), entry]);
  }
  return [...cells.values()].flatMap((cell) => {
    const first = cell[0];
    if (!first) return [];
    const ring = RADAR_RINGS.indexOf(first.ring);
    const inner = ring === 0 ? 0 : (RING_RADII[ring - 1] ?? 0);
    const outer = RING_RADII[ring] ?? 0;
    const rows = Math.max(1, Math.ceil(cell.length / (ring === 0 ? 4 : 6)));
    const perRow = Math.ceil(cell.length / rows);
    return cell.map((entry, index) => {
      const row = Math.floor(index / perRow);
      const inRow = Math.min(perRow, cell.length - row * perRow);
      const radius = inner + ((outer - inner) * (row + 1)) / (rows + 1);
      // Keep clear of the axes, where the neighbouring quadrant's dots start.
      const angle = ((first.quadrant + (0.1 + (0.8 * ((index % perRow) + 0.5)) / inRow)) * Math.PI) / 2;
      return { entry, x: round(radius * Math.cos(angle)), y: round(radius * Math.sin(angle)) };
    });
  });
}

const round = (value: number) => Math.round(value * 10) / 10;
