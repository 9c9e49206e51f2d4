import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';

export function LandingHero() {
  return (
    <section className="relative overflow-hidden border-b border-zinc-200 bg-gradient-to-b from-amber-50/70 to-white">
      <div className="mx-auto max-w-6xl px-4 pt-20 pb-24 sm:px-6 sm:pt-28 sm:pb-32">
        <p className="text-sm font-semibold tracking-wide text-amber-700 uppercase">
          Tool curation for developers
        </p>
        <h1 className="mt-4 max-w-3xl text-4xl font-semibold tracking-tight text-balance text-zinc-950 sm:text-6xl">
          The yard where your developer stack lives
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-zinc-600 sm:text-xl">
          Collect the tools, resources and projects of your craft, share them with your team, and keep a
          workspace in sync with GitHub.
        </p>
        <div className="mt-10 flex flex-wrap gap-3">
          <LinkButton to={paths.auth.register.getHref()} size="lg">
            Sign Up
          </LinkButton>
          <LinkButton to={paths.about.getHref()} variant="outline" size="lg">
            Learn More
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
