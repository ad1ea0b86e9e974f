import type { RouterOutputs } from '@portal/api';
import { safeNext } from '@portal/validators';
import { useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { saveSessionData } from '../../lib/session-data.ts';
import { trpc } from '../../lib/trpc.ts';

/** A sign-in answer that needs no second factor (any more). */
export type TLoginAnswer = Exclude<RouterOutputs['employee']['login'], { totpRequired: true }>;

/** After any successful sign-in: remember the session shape, adopt the user's language, go on. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { setLocale } = useI18n();
  return async (answer: TLoginAnswer, next: string | null) => {
    if ('firstLoginToken' in answer) {
      await navigate(`/login/${answer.firstLoginToken}?email=${encodeURIComponent(answer.email)}`);
      return;
    }
    saveSessionData({ userId: answer.userId, ttl: answer.ttl, created: answer.created, role: answer.role });
    // Await the dictionary so the next page renders in the person's language from the start.
    await setLocale(answer.lang);
    await utils.auth.me.invalidate();
    // Only a path of the portal (the server's form follows the same rule, issue 37.5).
    await navigate(safeNext(next, { origin: window.location.origin }), { replace: true });
  };
}
