import type { Stack, StackExportFormat } from '@stackyard/contracts/stack';
import {
  agentsMd,
  claudeMd,
  copilotInstructions,
  cursorRule,
  geminiMd,
  llmsTxt,
  windsurfRule,
} from './instructions.ts';
import { cargoToml, packageJson, requirementsTxt } from './manifests.ts';
import { STACK_SCHEMA_FILE, stackJson, stackJsonSchema, techstackYml } from './machine.ts';

export interface ExportFormat {
  /** Where the file goes in a repository (and in the zip). */
  path: string;
  contentType: string;
  render(stack: Stack): string;
}

const markdown = 'text/markdown; charset=utf-8';

/** Every export format, in the order the zip lists them. */
export const exportFormats: Record<StackExportFormat, ExportFormat> = {
  'agents-md': { path: 'AGENTS.md', contentType: markdown, render: agentsMd },
  'claude-md': { path: 'CLAUDE.md', contentType: markdown, render: claudeMd },
  'cursor-rules': { path: '.cursor/rules/stack.mdc', contentType: markdown, render: cursorRule },
  'copilot-instructions': {
    path: '.github/copilot-instructions.md',
    contentType: markdown,
    render: copilotInstructions,
  },
  'gemini-md': { path: 'GEMINI.md', contentType: markdown, render: geminiMd },
  'windsurf-rules': { path: '.windsurf/rules/stack.md', contentType: markdown, render: windsurfRule },
  'llms-txt': { path: 'llms.txt', contentType: 'text/plain; charset=utf-8', render: llmsTxt },
  'package-json': {
    path: 'package.json',
    contentType: 'application/json; charset=utf-8',
    render: packageJson,
  },
  'requirements-txt': {
    path: 'requirements.txt',
    contentType: 'text/plain; charset=utf-8',
    render: requirementsTxt,
  },
  'cargo-toml': { path: 'Cargo.toml', contentType: 'application/toml; charset=utf-8', render: cargoToml },
  'stack-json': { path: 'stack.json', contentType: 'application/json; charset=utf-8', render: stackJson },
  'stack-schema': {
    path: STACK_SCHEMA_FILE,
    contentType: 'application/schema+json; charset=utf-8',
    render: stackJsonSchema,
  },
  'techstack-yml': {
    path: 'techstack.yml',
    contentType: 'application/yaml; charset=utf-8',
    render: techstackYml,
  },
};

export interface ExportFile {
  format: StackExportFormat;
  path: string;
  contentType: string;
  content: string;
}

export function renderExport(stack: Stack, format: StackExportFormat): ExportFile {
  const { path, contentType, render } = exportFormats[format];
  return { format, path, contentType, content: render(stack) };
}

/** The chosen formats (all when null), in the registry's order whatever order they were asked in. */
export function renderExports(stack: Stack, formats: readonly StackExportFormat[] | null): ExportFile[] {
  const chosen = formats ? new Set(formats) : null;
  return (Object.keys(exportFormats) as StackExportFormat[])
    .filter((format) => !chosen || chosen.has(format))
    .map((format) => renderExport(stack, format));
}
