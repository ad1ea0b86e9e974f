/**
 * The one owner of "now" for scheduled work (ADR 032). The job runner and every job ask a clock
 * instead of `new Date()`, so a test drives months of schedules in seconds with a controlled
 * clock, and a whole run sees one consistent time.
 */
export interface TClock {
  now(): Date;
}

export const systemClock: TClock = { now: () => new Date() };

export interface TControlledClock extends TClock {
  set(to: Date): void;
  advance(ms: number): Date;
}

/** A clock that only moves when told to (tests, and `npm run jobs:run -- --at …`). */
export function controlledClock(start: Date): TControlledClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (to) => {
      current = new Date(to);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
      return new Date(current);
    },
  };
}
