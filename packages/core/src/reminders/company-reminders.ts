import { addDays, berlinDay } from '@portal/validators';
import { CERTIFICATE_NOTICE_DAYS } from './person-reminders.ts';
import { reasonKey, type TCompany, type TPersonSummary, type TPlan } from './reminder-plan.ts';
import { isFirstWorkingDayOfWeek, isoWeek } from './week.ts';

/**
 * The company's part of the daily run (ADR 033), once every person of it has been visited:
 * - on the first working day of the week, each manager gets the digest of the team (counts; names
 *   of the overdue only when the employer switched names on);
 * - the employer is alerted when completion drops below the threshold (once per drop) and 30 days
 *   before the company certificate expires (once per certificate).
 */
export function planCompany(
  company: TCompany,
  summaries: readonly TPersonSummary[],
  plan: TPlan,
  day: { now: Date; today: string; publicUrl: string },
) {
  const { settings } = company;
  const { now, today, publicUrl } = day;
  const owner = company.people.find((person) => person.id === company.ownerId);
  const mail = (userId: string, kind: 'manager_digest' | 'completion_alert' | 'certificate_expiry', key: string) => {
    const reason = { companyId: company.id, userId, kind, key };
    plan.reasons.push(reason);
    return reasonKey(reason);
  };

  // Managers: the weekly digest of their team (the company's employees, whom they manage).
  const team = summaries.filter((summary) => summary.person.role === 'employee' && summary.courses > 0);
  if (settings.managerDigest && team.length > 0 && isFirstWorkingDayOfWeek(today, settings.state)) {
    const present = team.filter((summary) => !summary.absent);
    const overduePeople = present.filter((summary) => summary.overdue);
    const dueSoon = present.filter((summary) => !summary.overdue && summary.dueSoon).length;
    const completedAll = team.filter((summary) => summary.completed === summary.courses).length;
    const week = isoWeek(today);
    const absentManagers = new Set(summaries.filter((summary) => summary.absent).map((summary) => summary.person.id));
    for (const manager of company.people) {
      if (manager.role !== 'manager' || !manager.reachable || absentManagers.has(manager.id)) continue;
      plan.mails.set(mail(manager.id, 'manager_digest', week), {
        to: manager.email,
        lang: manager.lang,
        userId: manager.id,
        companyId: company.id,
        mail: {
          template: 'manager_digest',
          params: {
            name: manager.firstname,
            company: company.name,
            day: today,
            learners: team.length,
            completedAll,
            overdue: overduePeople.length,
            dueSoon,
            absent: team.length - present.length,
            overdueNames: settings.showNames
              ? overduePeople.map(({ person }) => `${person.firstname} ${person.lastname}`).sort()
              : null,
            link: `${publicUrl}/dashboard`,
          },
        },
      });
    }
  }

  // The insurer's portfolio: the day's due counts, as the employer's dashboard counts them (people
  // with a course who are not absent today; due soon only when not overdue too).
  const present = summaries.filter((summary) => summary.courses > 0 && !summary.absent);
  plan.dueCounts.push({
    companyId: company.id,
    overdue: present.filter((summary) => summary.overdue).length,
    dueSoon: present.filter((summary) => summary.dueSoon && !summary.overdue).length,
  });

  // The employer: completion dropping below the threshold, once per drop.
  let assigned = 0;
  let completed = 0;
  for (const summary of summaries) {
    assigned += summary.courses;
    completed += summary.completed;
  }
  if (assigned > 0) {
    const percent = Math.floor((100 * completed) / assigned);
    const below = percent < settings.completionThreshold;
    const before = company.completionBelow;
    if (before !== below) plan.completionStates.push({ companyId: company.id, below });
    if (below && before === false && settings.completionAlert && owner?.reachable) {
      plan.mails.set(mail(owner.id, 'completion_alert', `completion@${today}`), {
        to: owner.email,
        lang: owner.lang,
        userId: owner.id,
        companyId: company.id,
        mail: {
          template: 'completion_alert',
          params: {
            name: owner.firstname,
            company: company.name,
            percent,
            threshold: settings.completionThreshold,
            link: `${publicUrl}/dashboard`,
          },
        },
      });
    }
  }

  // The employer: 30 days before the company certificate runs out, once per certificate.
  const certificate = company.certificate;
  if (settings.certificateExpiryAlert && certificate && owner?.reachable && certificate.validUntil > now) {
    const validUntil = berlinDay(certificate.validUntil);
    if (validUntil <= addDays(today, CERTIFICATE_NOTICE_DAYS)) {
      plan.mails.set(mail(owner.id, 'certificate_expiry', `certificate@${certificate.id}`), {
        to: owner.email,
        lang: owner.lang,
        userId: owner.id,
        companyId: company.id,
        mail: {
          template: 'certificate_expiry',
          params: { name: owner.firstname, company: company.name, validUntil, link: `${publicUrl}/proofOfInsurance` },
        },
      });
    }
  }
}
