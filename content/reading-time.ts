import type { TScenarioSlide, TSlide, TSortSlide, TSpotTheSignsSlide } from './schema.ts';

export type TTimedSlide = Pick<TSlide, 'title' | 'minReadingSeconds'> &
  Partial<Record<string, unknown>> & { body: string };
// Every save-progress weighs each seen slide, so the word count is kept per (immutable) slide.
const readingSeconds = new WeakMap<TTimedSlide, number>();

type TExerciseText = Partial<
  Pick<TScenarioSlide, 'prompt' | 'choices'> & Pick<TSpotTheSignsSlide, 'mock'> & Pick<TSortSlide, 'items'>
>;

/**
 * What a learner reads on a slide before moving on: for exercises the situation, choices, mock
 * and items, not the feedback (which only some learners open).
 */
export function slideReadingText(slide: TTimedSlide): string {
  const s = slide as TExerciseText;
  return [
    slide.title,
    slide.body,
    s.prompt,
    ...(s.choices ?? []).map((choice) => choice.text),
    ...(s.mock?.parts ?? []).map((part) => part.text),
    ...(s.items ?? []).map((item) => item.text),
  ]
    .filter(Boolean)
    .join(' ');
}

/** Slides are read at 200 words per minute, and never in under 5 seconds (DECISIONS.md). */
export function minReadingSeconds(slide: TTimedSlide): number {
  if (slide.minReadingSeconds !== undefined) return slide.minReadingSeconds;
  let seconds = readingSeconds.get(slide);
  if (seconds === undefined) {
    const words = slideReadingText(slide).split(/\s+/).filter(Boolean).length;
    seconds = Math.max(5, Math.round((words / 200) * 60));
    readingSeconds.set(slide, seconds);
  }
  return seconds;
}
