import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { clearSessionData, readSessionData } from '../../lib/session-data.ts';
import { errorMessage, isAuthorizationRequired, queryClient, trpc } from '../../lib/trpc.ts';

/** /logout: ends the session, then goes to the sign-in page of the role (spec §2). */
export default function LogoutPage() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const customer = trpc.employee.logout.useMutation();
  const admin = trpc.appuser.logout.useMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Admins and insurers sign out where they signed in, at /appuser (the back office).
    const role =
      readSessionData()?.role ??
      queryClient.getQueryData<{ role?: string } | null>([['auth', 'me'], { type: 'query' }])?.role;
    const wasAdmin = role === 'admin' || role === 'insurer';
    const call = wasAdmin ? admin : customer;
    call
      .mutateAsync()
      .then(() => toast.success(t('logout.logout_success')))
      .catch((error: unknown) => {
        // An already expired session is as good as a logout.
        if (!isAuthorizationRequired(error)) toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
      })
      .finally(() => {
        clearSessionData();
        queryClient.clear();
        void navigate(wasAdmin ? '/admin/login' : '/login', { replace: true });
      });
  }, [admin, customer, navigate, t, toast]);

  return (
    <p className="page" role="status">
      {t('app.loading')}
    </p>
  );
}
