import {
  DEFAULT_RADAR_QUADRANTS,
  type AcceptedRing,
  type RadarCategoryQuadrant,
  type RadarRing,
} from '@stackyard/contracts/radar';
import type { ToolStance } from '@stackyard/contracts/stack';
import { TAXONOMY } from '../suggestions/taxonomy.ts';

// Which ring a stance lands in and which quadrant a category does. A workspace's saved mapping comes first;
// then the built-in one below, by the taxonomy's category keys and labels ("orm", "API framework"); then the
// workspace's default quadrant.

const [LANGUAGES_AND_FRAMEWORKS, TOOLS, PLATFORMS, LIBRARIES_AND_TECHNIQUES] = [0, 1, 2, 3] as const;

/** The built-in quadrant of each taxonomy category, by key. */
const TAXONOMY_QUADRANTS: Record<string, number> = {
  frontend: LANGUAGES_AND_FRAMEWORKS,
  api: LANGUAGES_AND_FRAMEWORKS,
  mobile: LANGUAGES_AND_FRAMEWORKS,
  game: LANGUAGES_AND_FRAMEWORKS,
  styling: LANGUAGES_AND_FRAMEWORKS,
  testing: TOOLS,
  bundler: TOOLS,
  cli: TOOLS,
  docs: TOOLS,
  observability: TOOLS,
  database: PLATFORMS,
  queue: PLATFORMS,
  cache: PLATFORMS,
  search: PLATFORMS,
  deployment: PLATFORMS,
  realtime: PLATFORMS,
  embedded: PLATFORMS,
  ai: PLATFORMS,
  email: PLATFORMS,
  payments: PLATFORMS,
  auth: PLATFORMS,
  orm: LIBRARIES_AND_TECHNIQUES,
  validation: LIBRARIES_AND_TECHNIQUES,
  data: LIBRARIES_AND_TECHNIQUES,
  state: LIBRARIES_AND_TECHNIQUES,
  browser: LIBRARIES_AND_TECHNIQUES,
};

/** Category names teams use that the taxonomy has no key or label for. */
const OTHER_QUADRANTS: Record<string, number> = {
  language: LANGUAGES_AND_FRAMEWORKS,
  languages: LANGUAGES_AND_FRAMEWORKS,
  framework: LANGUAGES_AND_FRAMEWORKS,
  frameworks: LANGUAGES_AND_FRAMEWORKS,
  tools: TOOLS,
  tooling: TOOLS,
  linting: TOOLS,
  'ci/cd': TOOLS,
  infrastructure: PLATFORMS,
  hosting: PLATFORMS,
  cloud: PLATFORMS,
  libraries: LIBRARIES_AND_TECHNIQUES,
  techniques: LIBRARIES_AND_TECHNIQUES,
};

const BUILT_IN = new Map<string, number>(Object.entries(OTHER_QUADRANTS));
for (const [key, category] of TAXONOMY) {
  const quadrant = TAXONOMY_QUADRANTS[key] ?? LIBRARIES_AND_TECHNIQUES;
  BUILT_IN.set(key, quadrant);
  BUILT_IN.set(category.label.toLowerCase(), quadrant);
}

export const DEFAULT_QUADRANT = LIBRARIES_AND_TECHNIQUES;
export const DEFAULT_QUADRANT_NAMES: string[] = [...DEFAULT_RADAR_QUADRANTS];

export function ringOf(stance: ToolStance, acceptedRing: AcceptedRing): RadarRing {
  if (stance === 'preferred') return 'adopt';
  if (stance === 'avoid') return 'hold';
  return acceptedRing;
}

export interface QuadrantMapping {
  saved: readonly RadarCategoryQuadrant[];
  defaultQuadrant: number;
}

/** A function from a stance's category (null: none) to its quadrant under this mapping. */
export function quadrantResolver({
  saved,
  defaultQuadrant,
}: QuadrantMapping): (category: string | null) => number {
  const savedByName = new Map(saved.map((entry) => [entry.category.toLowerCase(), entry.quadrant]));
  return (category) => {
    if (category === null) return defaultQuadrant;
    const name = category.toLowerCase();
    return savedByName.get(name) ?? BUILT_IN.get(name) ?? defaultQuadrant;
  };
}
