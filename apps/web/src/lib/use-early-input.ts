import { type RefObject, useLayoutEffect } from 'react';

/**
 * A drawn page's fields work before the script runs (ADR 038): on a slow phone a person types into
 * them, or the browser fills them in, while the script is still on its way. React leaves that text
 * in place while it hydrates, but a controlled field sets its state back into the element on its
 * next render, and the text was gone (e2e: server-rendering.spec.ts). So at mount, before that
 * render, whatever the element already holds becomes the state. On a page drawn in the browser the
 * two agree and nothing happens.
 */
export function useEarlyInput<TValue extends string | boolean, TElement extends HTMLInputElement>(
  ref: RefObject<TElement | null>,
  value: TValue,
  onChange: (value: TValue) => void,
  read: (element: TElement) => TValue,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount: later changes come through onChange
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && read(element) !== value) onChange(read(element));
  }, []);
}

export const textOf = (element: HTMLInputElement) => element.value;
export const checkedOf = (element: HTMLInputElement) => element.checked;
