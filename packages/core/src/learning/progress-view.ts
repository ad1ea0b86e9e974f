import type { TLoadedCourse } from '@portal/content';
import type { TProgressRow } from './course-access.ts';

export type TCourseStatus = 'assigned' | 'started' | 'completed';

export interface TProgressView {
  trainingSlug: string;
  status: TCourseStatus;
  /** 0-100: slides reached (the quiz counts as one more step); 100 once completed. */
  percent: number;
  slideIndex: number;
  maxSlideIndex: number;
  slideCount: number;
  quizRepeatCount: number;
  moduleRepeatCount: number;
  workingSeconds: number;
  /** 0-1: share of seen slides read for at least their minimum reading time. */
  attention: number;
  bestScore: number | null;
  startedAt: string | null;
  completedAt: string | null;
  /** 1 for the first run; higher for a yearly refresher (ADR 033). */
  cycle: number;
}

export function progressPercent(row: Pick<TProgressRow, 'status' | 'maxSlideIndex'> | undefined, slideCount: number) {
  if (!row) return 0;
  if (row.status === 'completed') return 100;
  // Slides and the quiz are slideCount + 1 steps; a started course never shows 100 %.
  return Math.min(95, Math.round(((row.maxSlideIndex + 1) / (slideCount + 1)) * 100));
}

export function progressView(course: TLoadedCourse, row: TProgressRow | undefined): TProgressView {
  const slideCount = course.text.de.slides.length;
  return {
    trainingSlug: course.meta.slug,
    status: row ? row.status : 'assigned',
    percent: progressPercent(row, slideCount),
    slideIndex: row?.slideIndex ?? 0,
    maxSlideIndex: row?.maxSlideIndex ?? 0,
    slideCount,
    quizRepeatCount: row?.quizRepeatCount ?? 0,
    moduleRepeatCount: row?.moduleRepeatCount ?? 0,
    workingSeconds: row?.workingSeconds ?? 0,
    attention: (row?.attention ?? 0) / 1000,
    bestScore: row?.bestScore ?? null,
    startedAt: row?.startedAt.toISOString() ?? null,
    completedAt: row?.completedAt?.toISOString() ?? null,
    cycle: row?.cycle ?? 1,
  };
}
