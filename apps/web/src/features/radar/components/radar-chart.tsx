import { useState } from 'react';
import { RADAR_RING_NAMES, type Radar, type RadarRing } from '@stackyard/contracts/radar';
import { cn } from '@/lib/cn';
import { DOT_RADIUS, placeDots, RING_RADII } from '../lib/layout';

const RING_DOT_CLASSES: Record<RadarRing, string> = {
  adopt: 'fill-emerald-600',
  trial: 'fill-sky-600',
  assess: 'fill-amber-600',
  hold: 'fill-rose-600',
};

const RING_BADGE_CLASSES: Record<RadarRing, string> = {
  adopt: 'bg-emerald-600',
  trial: 'bg-sky-600',
  assess: 'bg-amber-600',
  hold: 'bg-rose-600',
};

const SIZE = RING_RADII[3] + 10;
/** Where each quadrant's name goes: in its outer corner. */
const QUADRANT_LABELS = [
  { x: SIZE - 4, y: SIZE - 6, anchor: 'end' },
  { x: -SIZE + 4, y: SIZE - 6, anchor: 'start' },
  { x: -SIZE + 4, y: -SIZE + 14, anchor: 'start' },
  { x: SIZE - 4, y: -SIZE + 14, anchor: 'end' },
] as const;

/** The radar drawing and, beside it (below on a phone), the same tools listed by quadrant and ring. */
export function RadarChart({ radar }: { radar: Radar }) {
  const [shown, setShown] = useState<number | null>(null);
  const dots = placeDots(radar.entries);
  const label = dots.find((dot) => dot.entry.number === shown);
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <svg
        viewBox={`${-SIZE} ${-SIZE} ${SIZE * 2} ${SIZE * 2}`}
        className="w-full max-w-xl justify-self-center"
        role="group"
        aria-label="Tech radar"
      >
        {[...RING_RADII].reverse().map((radius) => (
          <circle key={radius} r={radius} className="fill-zinc-50 stroke-zinc-300" />
        ))}
        <line x1={-SIZE} x2={SIZE} y1={0} y2={0} className="stroke-zinc-400" />
        <line y1={-SIZE} y2={SIZE} x1={0} x2={0} className="stroke-zinc-400" />
        {radar.rings.map((ring, index) => (
          <text
            key={ring.id}
            x={4}
            y={-(RING_RADII[index] ?? 0) + 12}
            className="fill-zinc-500 text-[10px] font-semibold uppercase"
          >
            {ring.name}
          </text>
        ))}
        {radar.quadrants.map((quadrant) => {
          const at = QUADRANT_LABELS[quadrant.index];
          return at ? (
            <text
              key={quadrant.index}
              x={at.x}
              y={at.y}
              textAnchor={at.anchor}
              className="fill-zinc-800 text-[11px] font-semibold"
            >
              {quadrant.name}
            </text>
          ) : null;
        })}
        {dots.map(({ entry, x, y }) => (
          <g
            key={entry.workspace_tool_id}
            transform={`translate(${x} ${y})`}
            tabIndex={0}
            role="img"
            aria-label={`${entry.number}. ${entry.name}: ${RADAR_RING_NAMES[entry.ring]}`}
            data-number={entry.number}
            className="cursor-default outline-none [&:focus>circle]:stroke-zinc-950 [&:focus>circle]:stroke-2"
            onFocus={() => setShown(entry.number)}
            onBlur={() => setShown(null)}
            onMouseEnter={() => setShown(entry.number)}
            onMouseLeave={() => setShown(null)}
          >
            <circle r={DOT_RADIUS} className={RING_DOT_CLASSES[entry.ring]} />
            <text
              textAnchor="middle"
              dy="0.35em"
              className="pointer-events-none fill-white text-[9px] font-bold"
            >
              {entry.number}
            </text>
          </g>
        ))}
        {label ? (
          <text
            x={label.x}
            y={label.y - DOT_RADIUS - 4}
            textAnchor="middle"
            role="status"
            className="pointer-events-none fill-zinc-950 stroke-white text-[12px] font-semibold [paint-order:stroke] [stroke-width:3px]"
          >
            {label.entry.name}
          </text>
        ) : null}
      </svg>
      <RadarList radar={radar} />
    </div>
  );
}

function RadarList({ radar }: { radar: Radar }) {
  return (
    <div className="flex flex-col gap-5" aria-label="Radar entries">
      {radar.quadrants.map((quadrant) => {
        const inQuadrant = radar.entries.filter((entry) => entry.quadrant === quadrant.index);
        return (
          <section key={quadrant.index} aria-labelledby={`radar-quadrant-${quadrant.index}`}>
            <h2 id={`radar-quadrant-${quadrant.index}`} className="text-base font-semibold text-zinc-950">
              {quadrant.name}
            </h2>
            {inQuadrant.length === 0 ? <p className="text-sm text-zinc-600">No tools yet.</p> : null}
            {radar.rings.map((ring) => {
              const inRing = inQuadrant.filter((entry) => entry.ring === ring.id);
              return inRing.length === 0 ? null : (
                <div key={ring.id} className="mt-2">
                  <h3 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase">{ring.name}</h3>
                  <ol className="mt-1 flex flex-col gap-1">
                    {inRing.map((entry) => (
                      <li key={entry.workspace_tool_id} value={entry.number} className="flex gap-2 text-sm">
                        <span
                          aria-hidden
                          className={cn(
                            'inline-flex size-5 shrink-0 items-center justify-center rounded-full text-[10px] font-bold text-white',
                            RING_BADGE_CLASSES[entry.ring],
                          )}
                        >
                          {entry.number}
                        </span>
                        <span className="min-w-0">
                          <a
                            href={entry.url}
                            className="text-zinc-950 underline-offset-2 hover:underline"
                            rel="noreferrer"
                          >
                            {entry.name}
                          </a>
                          {entry.note ? (
                            <span className="block text-xs text-zinc-600">{entry.note}</span>
                          ) : null}
                        </span>
                      </li>
                    ))}
                  </ol>
                </div>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
