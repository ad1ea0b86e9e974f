import type { TMessageKey } from '@portal/i18n';
import type { TRole } from '@portal/validators';

export interface TMenuLink {
  to: string;
  label: TMessageKey;
}
export interface TMenuGroup {
  label: TMessageKey | null;
  links: TMenuLink[];
}

/** Spec §2 "Menu entries by role". Logout is added for everyone by the shell. */
export function menusFor(role: TRole): TMenuGroup[] {
  if (role === 'admin') {
    return [
      {
        label: null,
        links: [
          { to: '/admin/policyholders', label: 'nav.customers' },
          { to: '/admin/upload', label: 'nav.upload' },
          { to: '/admin/admins', label: 'nav.admins' },
          { to: '/admin/insurer-accounts', label: 'nav.insurer_accounts' },
          { to: '/admin/api-keys', label: 'nav.api_keys' },
          { to: '/admin/webhooks', label: 'nav.webhooks' },
          { to: '/admin/statistics', label: 'nav.statistics' },
          { to: '/admin/jobs', label: 'nav.jobs' },
        ],
      },
    ];
  }
  if (role === 'insurer') {
    return [{ label: null, links: [{ to: '/insurer', label: 'nav.portfolio' }] }];
  }
  const training: TMenuGroup = {
    label: 'nav.training_menu',
    links: [
      { to: '/trainings', label: 'nav.trainings' },
      { to: '/personalCertificate', label: 'nav.personal_certificate' },
    ],
  };
  const account: TMenuGroup = {
    label: 'nav.account_menu',
    links: [{ to: '/account-settings', label: 'nav.account_settings' }],
  };
  if (role === 'employer' || role === 'manager') {
    return [
      {
        label: 'nav.management_menu',
        links: [
          { to: '/users', label: 'nav.employees' },
          { to: '/course-settings', label: 'nav.course_settings' },
          { to: '/dashboard', label: 'nav.dashboard' },
          // Phishing simulations are the policyholder's alone (ADR 036).
          ...(role === 'employer' ? [{ to: '/phishing', label: 'nav.phishing' } as const] : []),
          { to: '/proofOfInsurance', label: 'nav.proof_of_insurance' },
        ],
      },
      training,
      account,
    ];
  }
  return [training, account];
}
