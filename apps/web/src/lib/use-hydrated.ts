import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server draws the page and while the browser hydrates it, true afterwards. For
 * what only works with the script running (a submit button disabled until the form is valid): the
 * server's page must leave it usable without JavaScript, and hydration must see what the server drew.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
