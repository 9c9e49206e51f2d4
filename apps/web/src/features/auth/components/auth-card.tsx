import { useId, type ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';

export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto w-full max-w-md px-4 py-12 sm:py-20">
      <DocumentTitle title={title} />
      <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 id={headingId} className="text-2xl font-semibold tracking-tight text-zinc-950">
          {title}
        </h1>
        {description && <p className="mt-2 text-sm text-zinc-600">{description}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export function FormMessages({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-4">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
