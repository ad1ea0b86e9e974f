import { useEffect, useRef } from 'react';

/** DECISIONS.md: time counts while the page is visible and the learner acted within 2 minutes. */
const IDLE_AFTER_MS = 2 * 60 * 1000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/**
 * Counts active seconds per key (a slide id, or "quiz"). `take()` hands over what was counted
 * since the last call, so each save sends deltas and nothing is counted twice.
 */
export function useLearningClock(currentKey: string) {
  const key = useRef(currentKey);
  key.current = currentKey;
  const lastActivity = useRef(Date.now());
  const counted = useRef<Record<string, number>>({});

  useEffect(() => {
    const onActivity = () => {
      lastActivity.current = Date.now();
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    const tick = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - lastActivity.current > IDLE_AFTER_MS) return;
      counted.current[key.current] = (counted.current[key.current] ?? 0) + 1;
    }, 1000);
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
      window.clearInterval(tick);
    };
  }, []);

  return {
    take(): Record<string, number> {
      const taken = counted.current;
      counted.current = {};
      return taken;
    },
  };
}
