import type { RouterOutputs } from '@portal/api';
import { TRPCClientError } from '@trpc/client';
import { getLocale } from '../../lib/locale-state.ts';
import { routeProblem, trpcCodeOf } from '../../lib/route-problem.ts';
import { trpcClient, trpcUtils } from '../../lib/trpc.ts';

export type TTraining = RouterOutputs['trainings']['get'];
export type TTrainingCard = RouterOutputs['trainings']['list'][number];
export type TProgress = RouterOutputs['progress']['getSingle'];
export type TQuiz = NonNullable<RouterOutputs['progress']['getQuiz']>;

/**
 * A course the learner may not open answers 404 on the server, with a message key that tells an
 * unknown course from one that is not assigned; a slug that cannot be a course answers 400. Each
 * becomes the route problem the error page explains. Blocked actions (AVV not accepted) answer
 * 403: the shell shows its overlay instead of the page.
 */
async function orProblem<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (trpcCodeOf(error) === 'FORBIDDEN') return null;
    throw courseProblem(error) ?? error;
  }
}

/** The error page's problem for a course call that failed because of the course, else null. */
function courseProblem(error: unknown) {
  const code = trpcCodeOf(error);
  if (code !== 'NOT_FOUND' && code !== 'BAD_REQUEST') return null;
  const notAssigned = error instanceof TRPCClientError && error.data?.messageKey === 'training.not_found';
  return routeProblem({ kind: notAssigned ? 'course_not_assigned' : 'course_not_found' });
}

/**
 * Preloads a course into the query cache and starts its progress (create-progress is idempotent),
 * so the player opens with its slides and the saved position at once. Nothing is returned: a
 * loader's value travels in a drawn page's router data as well (ADR 038). The route may have
 * started the course query already (with the sign-in check); `ensureData` joins that request
 * instead of sending another.
 */
export async function preloadTraining(slug: string): Promise<void> {
  await orProblem(async () => {
    const [, progress] = await Promise.all([
      trpcUtils.trainings.get.ensureData({ slug, lang: getLocale() }),
      trpcClient.progress.create.mutate({ trainingSlug: slug }),
    ]);
    // create-progress answers with the view get-single-progress would read: no second round trip.
    trpcUtils.progress.getSingle.setData({ slug }, progress);
  });
}

/**
 * Where `/trainings/{slug}` continues: the learner's saved slide. A course that cannot be opened
 * stays on its address with the error page instead of moving on to a slide of a course that is
 * not there.
 */
export async function resumePath(slug: string): Promise<string> {
  const progress = await trpcUtils.progress.getSingle.ensureData({ slug }).catch((error: unknown) => {
    const problem = courseProblem(error);
    if (problem) throw problem;
    // Signed out or blocked: the parent route redirects or the shell shows its overlay.
    return null;
  });
  // A course revised to fewer slides (content/README.md) resumes on its last slide, not past it.
  const last = Math.max((progress?.slideCount ?? 1) - 1, 0);
  return slidePath(slug, Math.min(progress?.slideIndex ?? 0, last));
}

export const slidePath = (slug: string, slideIndex: number) => `/trainings/${slug}/${slideIndex + 1}`;
export const quizPath = (slug: string, step: number | 'result') => `/trainings/${slug}/quiz/${step}`;

/**
 * The slide of the address (`/trainings/{slug}/{slide}`), counted from 1, when the course has it;
 * anything else ('0', '999', 'abc') stops the route with a problem that names the course's range.
 * The course comes from the cache the parent route fills (the same request, not a second one).
 */
export async function checkSlide(slug: string, slide: string): Promise<void> {
  const me = await trpcUtils.auth.me.ensureData();
  // Signed out: the parent route sends the visitor to the sign-in page.
  if (!me) return;
  const training = await orProblem(() => trpcUtils.trainings.get.ensureData({ slug, lang: getLocale() }));
  if (!training) return;
  const number = /^\d{1,4}$/.test(slide) ? Number(slide) : 0;
  if (number < 1 || number > training.slides.length) {
    throw routeProblem({ kind: 'slide_not_found', slug, slide, count: training.slides.length });
  }
}
