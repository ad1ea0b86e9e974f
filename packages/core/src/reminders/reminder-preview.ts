import type { TLocale } from '@portal/i18n';
import { addDays, berlinDay } from '@portal/validators';
import type { TSessionUser } from '../auth/sessions.ts';
import type { TReminderSettings } from '../due-dates/reminder-settings.ts';
import { courseCatalog } from '../learning/catalog.ts';
import type { TReminderMailTemplate } from '../mail/reminder-mails.ts';
import { renderMail, type TRenderedMail } from '../mail/templates.ts';

export const REMINDER_PREVIEWS = [
  'learner_due_soon',
  'learner_overdue',
  'manager_digest',
  'completion_alert',
  'certificate_expiry',
] as const;
export type TReminderPreview = (typeof REMINDER_PREVIEWS)[number];

/**
 * A mail of the ladder as the company's people would get it, with example figures, for the
 * employer to read before switching a rung on (issue 22): the company's name and settings, the
 * first two courses of the catalog, the employer's own first name as the recipient's.
 */
export function reminderPreview(
  input: {
    kind: TReminderPreview;
    lang: TLocale;
    company: string;
    viewer: Pick<TSessionUser, 'firstname'>;
    settings: TReminderSettings;
    publicUrl: string;
  },
  now: Date,
): TRenderedMail {
  const { kind, lang, company, viewer, settings, publicUrl } = input;
  const today = berlinDay(now);
  const courses = [...courseCatalog().values()].slice(0, 2).map((course, index) => ({
    slug: course.meta.slug,
    title: course.text[lang].title,
    link: `${publicUrl}/trainings/${course.meta.slug}`,
    dueOn: kind === 'learner_overdue' ? addDays(today, -1 - index) : addDays(today, settings.remindDaysBefore),
    overdue: kind === 'learner_overdue',
  }));
  const name = viewer.firstname;
  const mail: TReminderMailTemplate =
    kind === 'learner_due_soon' || kind === 'learner_overdue'
      ? { template: 'learner_reminder', params: { name, company, courses, gapDays: settings.reminderGapDays } }
      : kind === 'manager_digest'
        ? {
            template: 'manager_digest',
            params: {
              name,
              company,
              day: today,
              learners: 24,
              completedAll: 17,
              overdue: 3,
              dueSoon: 2,
              absent: 1,
              overdueNames: settings.showNames ? ['Erika Mustermann', 'Max Mustermann', 'Jan Schmidt'] : null,
              link: `${publicUrl}/dashboard`,
            },
          }
        : kind === 'completion_alert'
          ? {
              template: 'completion_alert',
              params: {
                name,
                company,
                percent: Math.max(0, settings.completionThreshold - 5),
                threshold: settings.completionThreshold,
                link: `${publicUrl}/dashboard`,
              },
            }
          : {
              template: 'certificate_expiry',
              params: { name, company, validUntil: addDays(today, 30), link: `${publicUrl}/proofOfInsurance` },
            };
  return renderMail(lang, mail);
}
