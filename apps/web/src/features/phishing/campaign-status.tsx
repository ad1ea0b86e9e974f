import type { TMessageKey } from '@portal/i18n';
import { useT } from '../../lib/i18n.tsx';
import type { TCampaignSummary } from './campaign-form.ts';

/** A campaign's state as a word with its colour (draft, running, paused, stopped, finished). */
export function CampaignStatus({ status }: { status: TCampaignSummary['status'] }) {
  const t = useT();
  return <span className={`status campaign-status-${status}`}>{t(`phishing.status_${status}` as TMessageKey)}</span>;
}
