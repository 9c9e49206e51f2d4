import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { oidcProvidersOf } from '@/lib/identity';
import { login, LOGIN_FAILED, useLoginFlow, type LoginInput } from '../api/login';
import { credentialsSchema } from '../lib/schemas';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useFlowSubmit } from '../lib/use-flow-submit';
import { FormMessages } from './auth-card';

type LoginFormProps = {
  onSuccess: () => void;
  /** Where a sign-in that leaves the page (GitHub) comes back to; a path of the app. */
  returnTo?: string | null;
  onForgotPassword?: () => void;
  /** Shown above the fields until the next submission (the messages of the flow in /login?flow=). */
  initialMessages?: string[];
};

export function LoginForm({
  onSuccess,
  onForgotPassword,
  returnTo = null,
  initialMessages = [],
}: LoginFormProps) {
  const flow = useLoginFlow(returnTo);
  const queryClient = useQueryClient();
  const {
    messages,
    busy: submitting,
    run,
  } = useFlowSubmit((input: LoginInput) => login(queryClient, input, returnTo), {
    onDone: onSuccess,
    failedText: LOGIN_FAILED,
    initialMessages,
  });
  const form = useCheckedForm(credentialsSchema, { email: '', password: '' });
  // Only the providers the identity service is configured with: a button for another would fail on click.
  const providers = oidcProvidersOf(flow.data);

  const onSubmit = form.handleSubmit(({ email, password }) =>
    run({ method: 'password', identifier: email, password }),
  );
  const busy = form.isSubmitting || submitting;
  const { errors } = form;

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormMessages messages={messages} />
        <FormField label="Email" error={errors.email}>
          <Input type="email" autoComplete="email" {...form.field('email')} />
        </FormField>
        <FormField label="Password" error={errors.password}>
          <Input type="password" autoComplete="current-password" {...form.field('password')} />
        </FormField>
        <div className="flex justify-end">
          <Button variant="link" size="sm" className="h-auto px-0" onClick={onForgotPassword}>
            Forgot password?
          </Button>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Login'}
        </Button>
      </form>
      {providers.length > 0 && (
        <>
          <div className="flex items-center gap-3 text-xs text-zinc-500" aria-hidden="true">
            <span className="h-px flex-1 bg-zinc-200" />
            or
            <span className="h-px flex-1 bg-zinc-200" />
          </div>
          <div className="flex flex-col gap-3">
            {providers.map((provider) => (
              <Button
                key={provider.id}
                variant="outline"
                disabled={busy}
                onClick={() => void run({ method: 'oidc', provider: provider.id })}
              >
                {provider.label}
              </Button>
            ))}
          </div>
        </>
      )}
      <p className="text-center text-sm text-zinc-600">
        Don&apos;t have an account?{' '}
        <Link
          to={paths.auth.register.getHref()}
          className="font-medium text-zinc-950 underline underline-offset-4"
        >
          Sign up
        </Link>
      </p>
    </div>
  );
}
