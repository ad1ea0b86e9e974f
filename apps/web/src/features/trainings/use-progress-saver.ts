import { useCallback, useEffect, useRef } from 'react';
import { trpc } from '../../lib/trpc.ts';
import { useLearningClock } from './use-learning-clock.ts';

/** The server takes at most 15 minutes per save; the player saves far more often. */
const MAX_DELTA_SECONDS = 15 * 60;
const SAVE_EVERY_MS = 15_000;

/**
 * Sends the slide position and the time counted since the last save (save-progress takes deltas).
 * Saves every 15 s, on every slide change and when the player closes.
 */
export function useProgressSaver(slug: string, slideIds: readonly string[], slideIndex: number) {
  const utils = trpc.useUtils();
  const save = trpc.progress.save.useMutation({
    onSuccess: (progress) => utils.progress.getSingle.setData({ slug }, progress),
  });
  const clock = useLearningClock(slideIds[slideIndex] ?? 'slide');
  const savedIndex = useRef<number | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef({ slideIndex, mutate: save.mutateAsync });
  latest.current = { slideIndex, mutate: save.mutateAsync };

  const flush = useCallback(async () => {
    const taken = clock.take();
    const slideSeconds: Record<string, number> = {};
    let working = 0;
    for (const [id, seconds] of Object.entries(taken)) {
      working += seconds;
      if (slideIds.includes(id)) slideSeconds[id] = Math.min(seconds, MAX_DELTA_SECONDS);
    }
    const index = latest.current.slideIndex;
    if (working === 0 && savedIndex.current === index) return queue.current;
    savedIndex.current = index;
    // One save at a time, in order: two quick slide changes must not land the older position last.
    const input = {
      trainingSlug: slug,
      slideIndex: index,
      workingSeconds: Math.min(working, MAX_DELTA_SECONDS),
      slideSeconds,
    };
    const next = queue.current.catch(() => {}).then(() => latest.current.mutate(input).then(() => {}));
    queue.current = next;
    return next;
  }, [clock, slideIds, slug]);

  // A new slide: save at once, so a reload resumes here.
  useEffect(() => {
    if (savedIndex.current !== slideIndex) void flush().catch(() => {});
  }, [slideIndex, flush]);

  useEffect(() => {
    const timer = window.setInterval(() => void flush().catch(() => {}), SAVE_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      void flush().catch(() => {});
    };
  }, [flush]);

  return { flush, isSaving: save.isPending };
}
