import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';

interface TLinkConfirmationProps {
  id: string;
  title: string;
  intro: string;
  confirmLabel: string;
  pendingLabel: string;
  state: { isPending: boolean; isSuccess: boolean; error: string | null };
  onConfirm: () => void;
  /** What the page says once confirmed. */
  success: ReactNode;
  /** The way on, after success and after an error. */
  next: { to: string; label: string };
}

/**
 * A page that opens a confirmation link from a mail (issue 37: a registration's address, an IT
 * contact's). Confirming takes a press of the button, not the page load: mail scanners that open
 * every link of a mail must not confirm an address for its owner.
 */
export function LinkConfirmation(props: TLinkConfirmationProps) {
  const { state } = props;
  const next = (
    <Link to={props.next.to} className="button button-secondary">
      {props.next.label}
    </Link>
  );
  return (
    <section className="auth-card" aria-labelledby={props.id}>
      <h1 id={props.id}>{props.title}</h1>
      {state.isSuccess ? (
        <>
          <p role="status">{props.success}</p>
          {next}
        </>
      ) : state.error !== null ? (
        <>
          <p role="alert">{state.error}</p>
          {next}
        </>
      ) : (
        <>
          <p>{props.intro}</p>
          <Button className="button button-primary" isDisabled={state.isPending} onPress={props.onConfirm}>
            {state.isPending ? props.pendingLabel : props.confirmLabel}
          </Button>
        </>
      )}
    </section>
  );
}
