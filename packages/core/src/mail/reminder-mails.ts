import { createTranslator, type TLocale } from '@portal/i18n';
import { formatDay } from '@portal/validators';
import { buttonHtml, escapeHtml, footnote, mailPage, paragraph, type TRenderedMail } from './layout.ts';

/** One course in a learner's reminder, with the direct link to it. */
export interface TReminderCourse {
  slug: string;
  title: string;
  link: string;
  dueOn: string;
  overdue: boolean;
}

/** The mails of the reminder ladder (ADR 033); each says why it came. */
export type TReminderMailTemplate =
  | {
      template: 'learner_reminder';
      params: { name: string; company: string; courses: TReminderCourse[]; gapDays: number };
    }
  | {
      template: 'manager_digest';
      params: {
        name: string;
        company: string;
        day: string;
        learners: number;
        completedAll: number;
        overdue: number;
        dueSoon: number;
        absent: number;
        /** Only when the employer switched names on; null otherwise. */
        overdueNames: string[] | null;
        link: string;
      };
    }
  | {
      template: 'completion_alert';
      params: { name: string; company: string; percent: number; threshold: number; link: string };
    }
  | { template: 'certificate_expiry'; params: { name: string; company: string; validUntil: string; link: string } }
  | {
      template: 'refresher_notice';
      params: { name: string; company: string; validUntil: string; courses: { title: string; link: string }[] };
    };

const list = (items: { text: string; href?: string }[]) =>
  `<ul style="margin:0 0 16px;padding-left:20px">${items
    .map((item) =>
      item.href
        ? `<li style="margin:0 0 8px"><a href="${escapeHtml(item.href)}" style="color:#0b4f8a">${escapeHtml(item.text)}</a></li>`
        : `<li style="margin:0 0 8px">${escapeHtml(item.text)}</li>`,
    )
    .join('')}</ul>`;

function compose(
  lang: TLocale,
  subject: string,
  parts: {
    lines: string[];
    items?: { text: string; href?: string }[];
    /** Paragraphs after the list. */
    after?: string[];
    button: { label: string; href: string };
    signature: string;
    why: string;
  },
): TRenderedMail {
  const items = parts.items ?? [];
  const html = mailPage(
    lang,
    parts.lines.map(paragraph).join('') +
      (items.length > 0 ? list(items) : '') +
      (parts.after ?? []).map(paragraph).join('') +
      buttonHtml(parts.button) +
      paragraph(parts.signature) +
      footnote(parts.why),
  );
  const text = [
    ...parts.lines,
    items.map((item) => (item.href ? `- ${item.text}\n  ${item.href}` : `- ${item.text}`)).join('\n'),
    ...(parts.after ?? []),
    `${parts.button.label}: ${parts.button.href}`,
    parts.signature,
    `--\n${parts.why}`,
  ]
    .filter((part) => part !== '')
    .join('\n\n');
  return { subject, html, text };
}

export function renderReminderMail(lang: TLocale, mail: TReminderMailTemplate): TRenderedMail {
  const t = createTranslator(lang);
  const greeting = t('mail.greeting', { name: mail.params.name });
  const signature = t('mail.signature');
  switch (mail.template) {
    case 'learner_reminder': {
      const { courses, company, gapDays } = mail.params;
      const anyOverdue = courses.some((course) => course.overdue);
      const first = courses[0];
      return compose(lang, t(anyOverdue ? 'reminder_mail.learner_subject_overdue' : 'reminder_mail.learner_subject'), {
        lines: [
          greeting,
          t(anyOverdue ? 'reminder_mail.learner_intro_overdue' : 'reminder_mail.learner_intro', { company }),
        ],
        items: courses.map((course) => ({
          text: t(course.overdue ? 'reminder_mail.course_overdue' : 'reminder_mail.course_due', {
            course: course.title,
            date: formatDay(course.dueOn),
          }),
          href: course.link,
        })),
        button: { label: t('reminder_mail.learner_button'), href: first?.link ?? '' },
        signature,
        why: t('reminder_mail.learner_why', { company, days: gapDays }),
      });
    }
    case 'manager_digest': {
      const p = mail.params;
      const items = [
        { text: t('reminder_mail.digest_learners', { count: p.learners }) },
        { text: t('reminder_mail.digest_completed', { count: p.completedAll }) },
        { text: t('reminder_mail.digest_overdue', { count: p.overdue }) },
        { text: t('reminder_mail.digest_due_soon', { count: p.dueSoon }) },
        { text: t('reminder_mail.digest_absent', { count: p.absent }) },
      ];
      const lines = [greeting, t('reminder_mail.digest_intro', { company: p.company, date: formatDay(p.day) })];
      const names =
        p.overdueNames && p.overdueNames.length > 0
          ? [t('reminder_mail.digest_overdue_names', { names: p.overdueNames.join(', ') })]
          : [];
      return compose(lang, t('reminder_mail.digest_subject'), {
        lines,
        items,
        after: names,
        button: { label: t('reminder_mail.dashboard_button'), href: p.link },
        signature,
        why: t(p.overdueNames ? 'reminder_mail.digest_why_names' : 'reminder_mail.digest_why', { company: p.company }),
      });
    }
    case 'completion_alert': {
      const p = mail.params;
      return compose(lang, t('reminder_mail.completion_subject', { threshold: p.threshold }), {
        lines: [
          greeting,
          t('reminder_mail.completion_text', { company: p.company, percent: p.percent, threshold: p.threshold }),
        ],
        button: { label: t('reminder_mail.dashboard_button'), href: p.link },
        signature,
        why: t('reminder_mail.completion_why'),
      });
    }
    case 'refresher_notice': {
      const p = mail.params;
      const date = formatDay(p.validUntil);
      return compose(lang, t('reminder_mail.refresher_subject'), {
        lines: [greeting, t('reminder_mail.refresher_text', { company: p.company, date })],
        items: p.courses.map((course) => ({ text: course.title, href: course.link })),
        button: { label: t('reminder_mail.learner_button'), href: p.courses[0]?.link ?? '' },
        signature,
        why: t('reminder_mail.refresher_why', { company: p.company }),
      });
    }
    case 'certificate_expiry': {
      const p = mail.params;
      const date = formatDay(p.validUntil);
      return compose(lang, t('reminder_mail.certificate_subject', { date }), {
        lines: [greeting, t('reminder_mail.certificate_text', { company: p.company, date })],
        button: { label: t('reminder_mail.certificate_button'), href: p.link },
        signature,
        why: t('reminder_mail.certificate_why'),
      });
    }
  }
}
