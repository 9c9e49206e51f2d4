import { STACK_EXPORT_PATHS, type Stack, type StackExportFormat } from '@stackyard/contracts/stack';
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
import { stackJson, stackJsonSchema, techstackYml } from './machine.ts';
import { checkWorkflow } from './workflow.ts';

export interface ExportFormat {
  contentType: string;
  render(stack: Stack): string;
}

const markdown = 'text/markdown; charset=utf-8';

/** Every export format, in the order the zip lists them. */
export const exportFormats: Record<StackExportFormat, ExportFormat> = {
  'agents-md': { contentType: markdown, render: agentsMd },
  'claude-md': { contentType: markdown, render: claudeMd },
  'cursor-rules': { contentType: markdown, render: cursorRule },
  'copilot-instructions': {
    contentType: markdown,
    render: copilotInstructions,
  },
  'gemini-md': { contentType: markdown, render: geminiMd },
  'windsurf-rules': { contentType: markdown, render: windsurfRule },
  'llms-txt': { contentType: 'text/plain; charset=utf-8', render: llmsTxt },
  'package-json': {
    contentType: 'application/json; charset=utf-8',
    render: packageJson,
  },
  'requirements-txt': {
    contentType: 'text/plain; charset=utf-8',
    render: requirementsTxt,
  },
  'cargo-toml': { contentType: 'application/toml; charset=utf-8', render: cargoToml },
  'stack-json': { contentType: 'application/json; charset=utf-8', render: stackJson },
  'stack-schema': {
    contentType: 'application/schema+json; charset=utf-8',
    render: stackJsonSchema,
  },
  'techstack-yml': {
    contentType: 'application/yaml; charset=utf-8',
    render: techstackYml,
  },
  'github-workflow': { contentType: 'application/yaml; charset=utf-8', render: checkWorkflow },
};

export interface ExportFile {
  format: StackExportFormat;
  path: string;
  contentType: string;
  content: string;
}

export function renderExport(stack: Stack, format: StackExportFormat): ExportFile {
  const { contentType, render } = exportFormats[format];
  return { format, path: STACK_EXPORT_PATHS[format], contentType, content: render(stack) };
}

/** The chosen formats (all when null), in the registry's order whatever order they were asked in. */
export function renderExports(stack: Stack, formats: readonly StackExportFormat[] | null): ExportFile[] {
  const chosen = formats ? new Set(formats) : null;
  return (Object.keys(exportFormats) as StackExportFormat[])
    .filter((format) => !chosen || chosen.has(format))
    .map((format) => renderExport(stack, format));
}
