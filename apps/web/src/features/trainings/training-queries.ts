import type { RouterOutputs } from '@portal/api';
import { TRPCClientError } from '@trpc/client';
import { getLocale } from '../../lib/locale-state.ts';
import { trpcClient, trpcUtils } from '../../lib/trpc.ts';

export type TTraining = RouterOutputs['trainings']['get'];
export type TTrainingCard = RouterOutputs['trainings']['list'][number];
export type TProgress = RouterOutputs['progress']['getSingle'];
export type TQuiz = NonNullable<RouterOutputs['progress']['getQuiz']>;

/**
 * A course the learner may not open answers 404 on the server; the router shows its 404 page.
 * Blocked actions (AVV not accepted) answer 403: the shell shows its overlay instead of the page.
 */
async function orNotFound<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof TRPCClientError && error.data?.code === 'NOT_FOUND') {
      throw new Response('', { status: 404 });
    }
    if (error instanceof TRPCClientError && error.data?.code === 'FORBIDDEN') return null;
    throw error;
  }
}

/**
 * Preloads a course and starts its progress (create-progress is idempotent), so the player opens
 * with its slides and the saved position at once. The route may have started the course query
 * already (with the sign-in check); `ensureData` joins that request instead of sending another.
 */
export async function preloadTraining(slug: string) {
  return orNotFound(async () => {
    const [training, progress] = await Promise.all([
      trpcUtils.trainings.get.ensureData({ slug, lang: getLocale() }),
      trpcClient.progress.create.mutate({ trainingSlug: slug }),
    ]);
    // create-progress answers with the view get-single-progress would read: no second round trip.
    trpcUtils.progress.getSingle.setData({ slug }, progress);
    return { training, progress };
  });
}

export const slidePath = (slug: string, slideIndex: number) => `/trainings/${slug}/${slideIndex + 1}`;
export const quizPath = (slug: string, step: number | 'result') => `/trainings/${slug}/quiz/${step}`;
