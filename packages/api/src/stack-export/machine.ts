import { z } from 'zod';
import { STACK_EXPORT_PATHS, stackFileSchema, type Stack, type StackFile } from '@stackyard/contracts/stack';
import { jsonDocument, quoted } from './text.ts';

// The formats for machines: stack.json with its JSON Schema, and StackShare's techstack.yml.

const STACK_SCHEMA_FILE = STACK_EXPORT_PATHS['stack-schema'];

export function stackFile(stack: Stack): StackFile {
  return {
    $schema: `./${STACK_SCHEMA_FILE}`,
    version: 2,
    workspace: { name: stack.workspace.name, slug: stack.workspace.slug },
    project: stack.project ? { name: stack.project.name, slug: stack.project.slug } : null,
    categories: stack.categories.map((category) => ({
      name: category.name,
      tools: category.tools.map((tool) => ({
        slug: tool.slug,
        name: tool.name,
        description: tool.description,
        url: tool.url,
        stance: tool.stance,
        note: tool.note,
        rating: tool.rating,
        // Only the text: a member's id has no business in a file committed to a repository.
        top_comment: tool.top_comment?.content ?? null,
        packages: tool.packages,
      })),
    })),
  };
}

export function stackJson(stack: Stack): string {
  return jsonDocument(stackFile(stack));
}

let schemaText: string | null = null;

/** Generated from the zod schema the API itself uses, so the two cannot drift apart. */
export function stackJsonSchema(): string {
  schemaText ??= `${JSON.stringify(z.toJSONSchema(stackFileSchema, { target: 'draft-2020-12' }), null, 2)}\n`;
  return schemaText;
}

/**
 * StackShare's Stack File. It has no published schema; the fields are the ones its bot writes. The tools to
 * avoid are left out: the file lists a stack, not a blocklist.
 */
export function techstackYml(stack: Stack): string {
  const listed = stack.categories.flatMap((category) =>
    category.tools
      .filter((tool) => tool.stance !== 'avoid')
      .map((tool) => ({ tool, category: category.name })),
  );
  const lines = [
    `repo_name: ${quoted(stack.project ? `${stack.workspace.slug}/${stack.project.slug}` : stack.workspace.slug)}`,
    'version: 0.1',
    'provider: stackyard',
    `detected_tools_count: ${listed.length}`,
    listed.length > 0 ? 'tools:' : 'tools: []',
  ];
  for (const { tool, category } of listed) {
    lines.push(`- name: ${quoted(tool.name)}`);
    if (tool.description) lines.push(`  description: ${quoted(tool.description)}`);
    lines.push(`  website_url: ${quoted(tool.url)}`);
    if (category) lines.push(`  category: ${quoted(category)}`);
    lines.push(`  sub_category: ${quoted(tool.stance === 'preferred' ? 'Preferred' : 'Accepted')}`);
    lines.push('  detection_source: stackyard');
  }
  return `${lines.join('\n')}\n`;
}
