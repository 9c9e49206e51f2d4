import {
  radarExportFileName,
  RADAR_RING_NAMES,
  RADAR_RINGS,
  type Radar,
  type RadarExportFormat,
  type RadarRing,
} from '@stackyard/contracts/radar';

// The radar in the formats radar tools read. Every format orders quadrants as Zalando's radar.js and
// Backstage place them (clockwise from the bottom right) and rings from Adopt inwards to Hold outwards.

export interface RadarFile {
  fileName: string;
  contentType: string;
  content: string;
}

/** The ring colours of Backstage's and Zalando's sample radars, so an import looks as their users expect. */
const RING_COLORS: Record<RadarRing, string> = {
  adopt: '#5ba300',
  trial: '#009eb0',
  assess: '#c7ba00',
  hold: '#e09b96',
};

const RING_DESCRIPTIONS: Record<RadarRing, string> = {
  adopt: 'Preferred by the team: use it',
  trial: 'Accepted: fine to use where it fits',
  assess: 'Accepted: worth a look before relying on it',
  hold: 'To avoid in new work',
};

/** The data of @backstage-community/plugin-tech-radar (TechRadarLoaderResponse). */
function backstage(radar: Radar, now: Date): string {
  return `${JSON.stringify(
    {
      quadrants: radar.quadrants.map((quadrant) => ({ id: `q${quadrant.index + 1}`, name: quadrant.name })),
      rings: radar.rings.map((ring) => ({
        id: ring.id,
        name: ring.name.toUpperCase(),
        color: RING_COLORS[ring.id],
        description: RING_DESCRIPTIONS[ring.id],
      })),
      entries: radar.entries.map((entry) => ({
        key: entry.slug,
        id: entry.slug,
        quadrant: `q${entry.quadrant + 1}`,
        title: entry.name,
        description: entry.note ?? '',
        links: [{ url: entry.url, title: 'Website' }],
        timeline: [
          {
            moved: 0,
            ringId: entry.ring,
            // A stance never set has no date of its own: the export's stands in.
            date: entry.stance_updated_at ?? now.toISOString(),
            description: entry.note ?? RING_DESCRIPTIONS[entry.ring],
          },
        ],
      })),
    },
    null,
    2,
  )}\n`;
}

/** The configuration radar_visualization() of zalando/tech-radar takes, without its drawing options. */
function zalando(radar: Radar, now: Date): string {
  return `${JSON.stringify(
    {
      title: `${radar.workspace.name} tech radar`,
      date: now.toISOString().slice(0, 10),
      quadrants: radar.quadrants.map((quadrant) => ({ name: quadrant.name })),
      rings: radar.rings.map((ring) => ({ name: ring.name.toUpperCase(), color: RING_COLORS[ring.id] })),
      entries: radar.entries.map((entry) => ({
        quadrant: entry.quadrant,
        ring: RADAR_RINGS.indexOf(entry.ring),
        label: entry.name,
        active: true,
        link: entry.url,
        moved: 0,
      })),
    },
    null,
    2,
  )}\n`;
}

/**
 * A CSV field as RFC 4180 quotes it. A field a spreadsheet would read as a formula (=, +, -, @ first) gets a
 * leading apostrophe, so opening the file runs nothing.
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Thoughtworks build-your-own-radar: name,ring,quadrant,isNew,description. */
function byor(radar: Radar): string {
  const rows = radar.entries.map((entry) => [
    entry.name,
    RADAR_RING_NAMES[entry.ring],
    radar.quadrants[entry.quadrant]?.name ?? '',
    'FALSE',
    entry.note ?? '',
  ]);
  return [['name', 'ring', 'quadrant', 'isNew', 'description'], ...rows]
    .map((row) => row.map(csvField).join(','))
    .join('\r\n')
    .concat('\r\n');
}

const CONTENT_TYPES: Record<RadarExportFormat, string> = {
  'backstage-json': 'application/json; charset=utf-8',
  'zalando-json': 'application/json; charset=utf-8',
  'byor-csv': 'text/csv; charset=utf-8',
};

export function renderRadarExport(radar: Radar, format: RadarExportFormat, now: Date): RadarFile {
  const content =
    format === 'backstage-json'
      ? backstage(radar, now)
      : format === 'zalando-json'
        ? zalando(radar, now)
        : byor(radar);
  return {
    fileName: radarExportFileName(radar.workspace.slug, format),
    contentType: CONTENT_TYPES[format],
    content,
  };
}
