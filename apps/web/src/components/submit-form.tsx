import type { ReactNode } from 'react';
import { Form } from 'react-aria-components';

/** A form that calls `onSubmit` instead of navigating; every form of the app is one. */
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
    <Form
      className="form"
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </Form>
  );
}
