import { exerciseOf, minReadingSeconds, slideType, type TCourseLanguage } from '@portal/content';
import type { TDb } from '@portal/db';
import type { TSessionUser } from '../auth/sessions.ts';
import { learnerDueDates, type TLearnerDue } from '../due-dates/learner-due-dates.ts';
import { courseCatalog } from './catalog.ts';
import { assignedCourse } from './course-access.ts';

import { assignedSlugs, progressRowsOf } from './progress.ts';
import { progressView, type TProgressView } from './progress-view.ts';
import { QUIZ_PASS_PERCENT, QUIZ_QUESTIONS } from './quiz.ts';

/** Course images are public files: `/media/courses/<slug>/<file>.svg`. */
export const courseImageUrl = (slug: string, file: string) => `/media/courses/${slug}/${file}`;

export interface TTrainingCard {
  slug: string;
  title: string;
  summary: string;
  image: string;
  imageAlt: string;
  estimatedMinutes: number;
  progress: TProgressView;
  /** The due date of a course not yet completed, and where it stands today (ADR 033). */
  due: TLearnerDue | null;
}

/** The learner's assigned courses for `/trainings`, in catalog order. */
export async function listMyTrainings(
  db: TDb,
  learner: TSessionUser,
  lang: TCourseLanguage,
  now: Date,
): Promise<TTrainingCard[]> {
  const bySlug = new Map((await progressRowsOf(db, learner.id)).map((row) => [row.courseSlug, row]));
  const dueDates = (await learnerDueDates(db, learner.id, now)).bySlug;
  const catalog = courseCatalog();
  return (await assignedSlugs(db, learner.id)).flatMap((slug) => {
    const course = catalog.get(slug as never);
    if (!course) return [];
    const text = course.text[lang];
    const progress = progressView(course, bySlug.get(slug));
    return [
      {
        slug,
        title: text.title,
        summary: text.summary,
        image: courseImageUrl(slug, course.meta.image),
        imageAlt: text.imageAlt,
        estimatedMinutes: course.meta.estimatedMinutes,
        progress,
        due: progress.status === 'completed' ? null : (dueDates.get(slug) ?? null),
      },
    ];
  });
}

/**
 * The Markdown pipeline is about 180 modules: it loads when a process first serves a slide, not in
 * every process and test file that imports the core (each would pay for it at start).
 */
const slideHtmlModule = () => import('@portal/content/slide-html');

/** get-training/{slug}?lang: the slides of an assigned course; the quiz bank stays on the server. */
export async function getTraining(db: TDb, learner: TSessionUser, slug: string, lang: TCourseLanguage) {
  const course = await assignedCourse(db, learner, slug);
  const text = course.text[lang];
  const { slideHtml } = await slideHtmlModule();
  return {
    slug: course.meta.slug,
    version: course.meta.version,
    section: course.meta.section,
    lang,
    title: text.title,
    summary: text.summary,
    image: courseImageUrl(course.meta.slug, course.meta.image),
    imageAlt: text.imageAlt,
    estimatedMinutes: course.meta.estimatedMinutes,
    sources: course.meta.sources,
    slides: text.slides.map((slide) => ({
      id: slide.id,
      type: slideType(slide),
      title: slide.title,
      body: slide.body,
      html: slideHtml(slide.body),
      image: courseImageUrl(course.meta.slug, slide.image),
      imageAlt: slide.imageAlt,
      minReadingSeconds: minReadingSeconds(slide),
      exercise: exerciseOf(slide),
    })),
    quiz: { questionCount: QUIZ_QUESTIONS, passPercent: QUIZ_PASS_PERCENT },
  };
}

/** The twelve courses with title and image in one language (for assignment screens). */
export function courseList(lang: TCourseLanguage) {
  return [...courseCatalog().values()].map((course) => ({
    slug: course.meta.slug,
    title: course.text[lang].title,
    image: courseImageUrl(course.meta.slug, course.meta.image),
    estimatedMinutes: course.meta.estimatedMinutes,
  }));
}
