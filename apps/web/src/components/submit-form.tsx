import type { ReactNode } from 'react';

/**
 * A form that calls `onSubmit` instead of navigating; every form of the app is one. The rules are
 * checked by zod (use-zod-form.ts) and shown at the fields, so the browser's own bubbles are off.
 */
export function SubmitForm({
  onSubmit,
  children,
  labelledBy,
}: {
  onSubmit: () => Promise<void> | void;
  children: ReactNode;
  labelledBy?: string;
}) {
  return (
    <form
      className="form"
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
