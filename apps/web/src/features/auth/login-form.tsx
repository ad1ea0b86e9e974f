import type { TMessageKey } from '@portal/i18n';
import { safeNext } from '@portal/validators';
import { type ComponentType, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PasswordInput, TextInput } from '../../components/form-fields.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { loadDictionaryPart } from '../../lib/dictionaries.ts';
import { useT } from '../../lib/i18n.tsx';
import { lazySchema, useLazySchema } from '../../lib/lazy-schema.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import type { TChallenge, TotpStep } from './totp-step.tsx';
import { useCompleteSignIn } from './use-sign-in.ts';

type TTotpStepProps = Parameters<typeof TotpStep>[0];

// The sign-in page is the first page most people see: it renders without waiting for zod.
const loginRules = lazySchema(() => import('./login-rules.ts').then((rules) => rules.ZLoginForm));

/** Sign-in form for customers (/login) and admins (/admin/login), spec §2 and §8. */
export function LoginForm({ audience }: { audience: 'customer' | 'admin' }) {
  const t = useT();
  const toast = useToast();
  const [params] = useSearchParams();
  const complete = useCompleteSignIn();
  const form = useZodForm(useLazySchema(loginRules), { email: '', password: '' });
  const customer = trpc.employee.login.useMutation();
  const admin = trpc.appuser.login.useMutation();
  const mutation = audience === 'admin' ? admin : customer;
  // The second step's code loads only for people who have an authenticator (ADR 020), once the
  // password is accepted.
  const [second, setSecond] = useState<{ Step: ComponentType<TTotpStepProps>; challenge: TChallenge } | null>(null);
  const showSecondStep = async (challenge: TChallenge) => {
    try {
      // Its texts (section `totp`) are page texts, not shell texts: wait for both.
      const [{ TotpStep: Step }] = await Promise.all([import('./totp-step.tsx'), loadDictionaryPart('pages')]);
      setSecond({ Step, challenge });
    } catch {
      // Not "wrong credentials": the password was right, the page could not load its next step.
      toast.error(t('errors.network'));
    }
  };

  const submit = async () => {
    form.markSubmitted();
    if (!form.isValid) return;
    try {
      const answer = await mutation.mutateAsync({ email: form.values.email, password: form.values.password });
      if ('totpRequired' in answer) await showSecondStep(answer);
      else await complete(answer, params.get('next'));
    } catch (error) {
      // Spec §8: customers see login.failed; admins the server's message, else a generic one.
      toast.error(audience === 'customer' ? t('login.failed') : (errorMessage(error) ?? t('app.something_went_wrong')));
    }
  };

  // The sign-in works before the script runs: the form posts to the server (ADR 038), which signs
  // in and moves on, or comes back here with `failed=1`. The button stays usable until then.
  const hydrated = useHydrated();
  // Only a `next` the sign-in would follow is handed on (the server checks it again).
  const next = safeNext(params.get('next'), { fallback: '' });
  const action = audience === 'customer' ? `/login${next ? `?next=${encodeURIComponent(next)}` : ''}` : undefined;
  const failedWithoutScript = params.get('failed') === '1';

  const title: TMessageKey = audience === 'admin' ? 'pages.admin_login' : 'login.title';
  if (second) {
    return (
      <second.Step
        audience={audience}
        challenge={second.challenge}
        onSignedIn={(answer) => complete(answer, params.get('next'))}
        onRestart={() => {
          setSecond(null);
          form.set('password', '');
        }}
      />
    );
  }
  return (
    <section className="auth-card">
      <h1>{t(title)}</h1>
      <p className="muted">{audience === 'admin' ? t('login.admin_hint') : t('login.intro')}</p>
      {failedWithoutScript && (
        <p className="notice notice-error" role="alert">
          {t('login.failed')}
        </p>
      )}
      <SubmitForm onSubmit={submit} action={action}>
        <TextInput
          label={t('form.email')}
          type="email"
          name="email"
          autoComplete="username"
          isRequired
          value={form.values.email}
          onChange={(value) => form.set('email', value)}
          onBlur={() => form.touch('email')}
          error={form.errorFor('email')}
        />
        <PasswordInput
          label={t('form.password')}
          name="password"
          autoComplete="current-password"
          isRequired
          value={form.values.password}
          onChange={(value) => form.set('password', value)}
          onBlur={() => form.touch('password')}
          error={form.errorFor('password')}
        />
        <button
          type="submit"
          className="button button-primary"
          disabled={hydrated && (!form.isValid || mutation.isPending)}
        >
          {mutation.isPending ? t('login.pending') : t('login.submit')}
        </button>
      </SubmitForm>
      <p className="auth-links">
        <Link to={audience === 'admin' ? '/admin/reset-password' : '/reset-password'}>
          {t('login.forgot_password')}
        </Link>
        {audience === 'customer' && (
          <span>
            {t('login.no_account')} <Link to="/register">{t('login.register_link')}</Link>
          </span>
        )}
      </p>
    </section>
  );
}
