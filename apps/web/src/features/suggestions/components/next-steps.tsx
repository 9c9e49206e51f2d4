import { Link } from 'react-router';
import { useNextSteps } from '../api/get-next-steps';

type NextStepsProps = {
  workspaceId: string;
  toolHref: (slug: string) => string;
};

/** "Next steps for {project}": tools of the collection each existing project could add, in a role it lacks. */
export function NextSteps({ workspaceId, toolHref }: NextStepsProps) {
  const nextSteps = useNextSteps(workspaceId);
  // A quiet extra below the ideas: while loading or on an error it simply does not show.
  const items = nextSteps.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="mt-10 flex flex-col gap-6">
      {items.map((project) => (
        <section key={project.project_id} aria-labelledby={`next-steps-${project.project_id}`}>
          <h2 id={`next-steps-${project.project_id}`} className="text-xl font-semibold text-zinc-950">
            Next steps for {project.project_name}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {project.steps.map((step) => (
              <li key={step.tool.tool_id} className="text-sm text-zinc-700">
                <Link
                  to={toolHref(step.tool.slug)}
                  className="font-medium text-zinc-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
                >
                  {step.tool.name} — {step.tool.role}
                </Link>
                <span className="ml-2">{step.why}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
