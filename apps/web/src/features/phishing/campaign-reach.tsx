import './mail-domains.css';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { companyInput, type TPhishingScope } from './phishing-scope.ts';

/**
 * Whom a campaign reaches now (issue 37): simulations go only to people on a domain the company
 * proved who have accepted their invitation. Shown in the draft's editor, so that the employer
 * knows before the start who is left out and why (a start that reaches nobody is refused with the
 * same reasons), and on a started campaign, where a domain removed later stops further mails.
 */
export function CampaignReach({ scope, id, level }: { scope: TPhishingScope; id: string; level: 2 | 3 }) {
  const t = useT();
  const reach = trpc.phishing.campaignReach.useQuery({ ...companyInput(scope), id });
  const data = reach.data;
  // An audience without anyone is the start's own refusal (phishing.no_recipients).
  if (!data || data.people === 0) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  const leftOut = data.unprovenPeople + data.invitationOpen;
  const named = data.unprovenDomains.reduce((sum, entry) => sum + entry.people, 0);
  const domains = [
    ...data.unprovenDomains.map((entry) =>
      t('mail_domains.reach_domain', { domain: entry.domain, count: entry.people }),
    ),
    ...(named < data.unprovenPeople ? [t('mail_domains.reach_more_domains')] : []),
  ].join(', ');
  return (
    <section
      className={`campaign-reach ${data.reachable === 0 ? 'notice notice-error' : 'notice'}`}
      aria-labelledby={`campaign-reach-${id}`}
    >
      <Heading id={`campaign-reach-${id}`}>{t('mail_domains.reach_heading')}</Heading>
      <p>
        {leftOut === 0
          ? t('mail_domains.reach_all', { count: data.people })
          : t('mail_domains.reach_some', { reachable: data.reachable, people: data.people })}
      </p>
      {data.unprovenPeople > 0 && (
        <p>
          {data.unprovenPeople === 1
            ? t('mail_domains.reach_unproven_one', { domains })
            : t('mail_domains.reach_unproven', { count: data.unprovenPeople, domains })}
        </p>
      )}
      {data.invitationOpen > 0 && (
        <p>
          {data.invitationOpen === 1
            ? t('mail_domains.reach_pending_one')
            : t('mail_domains.reach_pending', { count: data.invitationOpen })}
        </p>
      )}
      {data.reachable === 0 && <p>{t('mail_domains.reach_none')}</p>}
      {data.unprovenPeople > 0 && (
        <p>
          <Link to={`${scope.base}#mail-domains`}>{t('mail_domains.reach_link')}</Link>
        </p>
      )}
    </section>
  );
}
