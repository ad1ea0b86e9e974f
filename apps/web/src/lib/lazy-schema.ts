import { useEffect, useState } from 'react';
import type { z } from 'zod';

/**
 * A zod schema fetched after the page is on screen. zod is ~22 KB gzip, the largest single piece
 * the sign-in page would otherwise wait for; the form renders at once, and its submit button
 * stays disabled until the rules are in, which is a few milliseconds later (ADR 020).
 */
export interface TLazySchema {
  /** The schema once loaded, for forms mounted later. */
  current: z.ZodType | null;
  load: () => Promise<z.ZodType>;
}

export function lazySchema(importer: () => Promise<z.ZodType>): TLazySchema {
  let pending: Promise<z.ZodType> | null = null;
  const lazy: TLazySchema = {
    current: null,
    load: () => {
      pending ??= importer().then(
        (schema) => {
          lazy.current = schema;
          return schema;
        },
        (error: unknown) => {
          pending = null; // a later mount tries again
          throw error;
        },
      );
      return pending;
    },
  };
  return lazy;
}

/** The schema, or null while it loads. A failed load goes to the route's error page. */
export function useLazySchema(lazy: TLazySchema): z.ZodType | null {
  const [schema, setSchema] = useState<z.ZodType | null>(lazy.current);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (schema) return;
    let live = true;
    lazy.load().then(
      (loaded) => live && setSchema(() => loaded),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [lazy, schema]);
  if (failure) throw failure.error;
  return schema;
}
