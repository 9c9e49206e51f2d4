import { Alert } from '@/components/ui/alert';

/** Why a step of the password dialog failed, one paragraph a message; nothing when all is well. */
export function Messages({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <Alert>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </Alert>
  );
}
