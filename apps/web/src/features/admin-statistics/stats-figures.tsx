import type { RouterOutputs } from '@portal/api';
import { useI18n } from '../../lib/i18n.tsx';
import { FigureCard } from '../dashboard/figure-card.tsx';

export type TOverallStats = RouterOutputs['statistics']['overall'];

/** Whole numbers and shares the way the reader writes them (100.000, 85,3 %). */
export function useNumberFormat() {
  const { locale } = useI18n();
  const tag = locale === 'de' ? 'de-DE' : 'en-GB';
  const whole = new Intl.NumberFormat(tag);
  const share = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
  return { number: (value: number) => whole.format(value), percent: (value: number) => share.format(value) };
}

/** The figures of the period, then today's state (which does not depend on the period). */
export function StatsFigures({ stats }: { stats: TOverallStats }) {
  const { t } = useI18n();
  const { number, percent } = useNumberFormat();
  const { companies, employees, trainings, certificates } = stats;
  return (
    <>
      <section className="stats-section" aria-labelledby="stats-in-period">
        <h2 id="stats-in-period">{t('admin_stats.in_period')}</h2>
        <div className="figures">
          <FigureCard label={t('admin_stats.registrations')} value={number(companies.registered)} />
          <FigureCard
            label={t('admin_stats.active_companies')}
            value={number(companies.active)}
            detail={t('admin_stats.active_companies_hint')}
          />
          <FigureCard label={t('admin_stats.trainings_started')} value={number(trainings.started)} />
          <FigureCard label={t('admin_stats.trainings_completed')} value={number(trainings.completed)} />
          <FigureCard
            label={t('admin_stats.certificates_issued')}
            value={number(certificates.total)}
            detail={t('admin_stats.certificates_detail', {
              personal: number(certificates.personal),
              company: number(certificates.company),
            })}
          />
        </div>
      </section>
      <section className="stats-section" aria-labelledby="stats-current">
        <h2 id="stats-current">{t('admin_stats.current')}</h2>
        <div className="figures">
          <FigureCard label={t('admin_stats.companies_total')} value={number(companies.total)} />
          <FigureCard
            label={t('admin_stats.employees_total')}
            value={number(employees.total)}
            detail={t('admin_stats.employees_detail', { invited: number(employees.invited) })}
          />
          <FigureCard
            label={t('admin_stats.avv_accepted')}
            value={number(companies.avvAccepted)}
            detail={
              companies.avvAcceptanceRate === null
                ? undefined
                : t('admin_stats.avv_detail', { rate: percent(companies.avvAcceptanceRate) })
            }
          />
        </div>
      </section>
    </>
  );
}
