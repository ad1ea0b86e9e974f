import './phishing-notice.css';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';

/**
 * What every person of a company that runs phishing simulations is told (ADR 036, works council
 * mode): that simulated mails may come, what happens after a click, and whether the employer sees
 * names. At the end of the page, so that its late arrival moves nothing.
 */
export function PhishingNotice() {
  const t = useT();
  const notice = trpc.phishing.notice.useQuery();
  if (!notice.data?.simulations) return null;
  return (
    <aside className="notice phishing-notice" aria-labelledby="phishing-notice-heading">
      <h2 id="phishing-notice-heading">{t('campaigns.notice_heading')}</h2>
      <p>{t('campaigns.notice_text')}</p>
      <p>{t(notice.data.namesVisible ? 'campaigns.notice_names' : 'campaigns.notice_counts')}</p>
    </aside>
  );
}
