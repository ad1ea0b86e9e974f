import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { LanguageSwitch } from '../shell/language-switch.tsx';
import { useMe } from '../shell/use-me.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { CompanyForm } from './company-form.tsx';
import { ExportCard } from './export-card.tsx';
import { ProfileForm } from './profile-form.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/** Account settings: profile, language, password (spec §2). Company data follows with the employer issue. */
export default function AccountSettingsPage() {
  const t = useT();
  const me = useMe().data;
  const toast = useToast();
  const [params] = useSearchParams();
  const incomplete = params.get('incomplete') === '1';
  // Spec §4/§8: sent here while the employer settings are incomplete, with a 10 s warning.
  useEffect(() => {
    if (incomplete) toast.warning(t('account_settings.fill_required_fields'));
  }, [incomplete, toast, t]);
  if (!me) return <p role="status">{t('app.loading')}</p>;
  return (
    <section className="page narrow">
      <h1>{t('account_settings.title')}</h1>
      <div className="card">
        <ProfileForm me={me} />
      </div>
      {me.role === 'employer' && me.companyId && (
        <div className="card">
          <CompanyForm companyId={me.companyId} />
        </div>
      )}
      <div className="card">
        <h2>{t('account_settings.language')}</h2>
        <LanguageSwitch />
      </div>
      <div className="card">
        <ChangePasswordForm me={me} />
      </div>
      <TwoFactorCard />
      {me.role === 'employer' && me.companyId && <ExportCard companyId={me.companyId} />}
    </section>
  );
}
