import type { ReactNode } from 'react';

interface FormMessagesProps {
  error?: string;
  success?: ReactNode;
}

/**
 * The lines under a form that say how the last attempt went. Both live regions are always in the page, so
 * screen readers announce a message as soon as it appears; an empty one takes no room.
 */
export function FormMessages({ error = '', success }: FormMessagesProps) {
  return (
    <>
      <p className="auth-message auth-message--error" role="alert">
        {error}
      </p>
      <div className="auth-message auth-message--success" role="status">
        {success}
      </div>
    </>
  );
}
