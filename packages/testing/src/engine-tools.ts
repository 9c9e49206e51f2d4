// Tools and inputs for the suggestion engine's unit tests: a tool is accepted and unrated unless a test says
// otherwise, with an id of its own.
import type { EngineInput, EngineTool } from '@stackyard/api/suggestions/engine';

let counter = 0;

export function engineTool(
  name: string,
  description: string | null,
  extra: Partial<EngineTool> = {},
): EngineTool {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${counter.toString().padStart(12, '0')}`,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    name,
    description,
    stance: 'accepted',
    rating: null,
    category: null,
    labels: [],
    projectCount: 0,
    ...extra,
  };
}

/** The engine's input for these tools: no projects, nothing excluded, unless a test says otherwise. */
export function engineInput(tools: EngineTool[], extra: Partial<EngineInput> = {}): EngineInput {
  return { tools, projects: [], excludedFingerprints: new Set(), excludedTitles: new Set(), ...extra };
}
