import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { convertedOnce, toolArguments } from './schemas.ts';

const workspace = z.string().max(200).optional().describe('The workspace slug; left out when you have one.');

function inWorkspace(name: string | undefined): string {
  return name ? ` in the stackyard workspace "${name}"` : ' in my stackyard workspace';
}

const chooseToolArgs = convertedOnce(
  toolArguments({
    need: z.string().min(1).max(200).describe('What the tool is for.'),
    workspace,
  }),
);
const startProjectArgs = convertedOnce(
  toolArguments({
    project: z.string().min(1).max(500).describe('What the project is.'),
    workspace,
  }),
);

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'choose_tool',
    {
      title: 'Choose a tool for …',
      description: 'Pick the right tool for a need, from what the team already uses and rates.',
      argsSchema: chooseToolArgs,
    },
    ({ need, workspace: name }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `I need a tool for: ${need}. Use recommend_tool${inWorkspace(name)} first, then get_tool on the best candidates to read the team's comments. Recommend one, say why (rating, comments, projects using it), and mention an alternative. If nothing fits, say so before suggesting something the team does not use yet.`,
          },
        },
      ],
    }),
  );

  server.registerPrompt(
    'start_project',
    {
      title: 'Start a project with my stack',
      description: 'Plan a new project on the team’s preferred stack.',
      argsSchema: startProjectArgs,
    },
    ({ project, workspace: name }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `I am starting a new project: ${project}. Read the preferred stack${inWorkspace(name)} with get_preferred_stack, and look at similar projects with list_projects and get_project. Propose the stack for this project category by category, using the team's preferred tools (never one it marks avoid), and point out where the stack has no tool yet.`,
          },
        },
      ],
    }),
  );
}
