import type { ReactNode } from 'react';

/**
 * A form that calls `onSubmit` instead of navigating; every form of the app is one. The rules are
 * checked by zod (use-zod-form.ts) and shown at the fields, so the browser's own bubbles are off.
 */
export function SubmitForm({
  onSubmit,
  children,
  labelledBy,
  action,
}: {
  onSubmit: () => Promise<void> | void;
  children: ReactNode;
  labelledBy?: string;
  /** Where the form posts before the script runs (the sign-in, ADR 038); by default its own page. */
  action?: string;
}) {
  // POST, never the browser's default GET: a form sent before the script has run (the server drew
  // it) must not put a password into the address. The server answers a page's POST it has no
  // handler for by sending the person back to the page (web-app.ts).
  return (
    <form
      className="form"
      method="post"
      action={action}
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
