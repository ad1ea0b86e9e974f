import { createTranslator, type TLocale, type TTranslate } from '@portal/i18n';
import type { TImportReason } from '../uploads/classify-rows.ts';
import type { TRenderedMail } from './layout.ts';
import { layout } from './layout.ts';
import { renderPhishingReportMail, type TPhishingReportMailTemplate } from './phishing-report-mails.ts';
import { renderReminderMail, type TReminderMailTemplate } from './reminder-mails.ts';

export type TMailTemplate =
  | { template: 'reset'; params: { name: string; link: string } }
  | { template: 'registration_confirmation'; params: { link: string; days: number } }
  | { template: 'report_contact_confirmation'; params: { company: string; link: string; days: number } }
  | { template: 'first_login'; params: { name: string; link: string; days: number } }
  | {
      template: 'invitation';
      params: { name: string; inviter: string; company: string; link: string; days: number };
    }
  | { template: 'password_changed'; params: { name: string; date: string } }
  | { template: 'progress_reset'; params: { name: string; company: string } }
  | {
      template: 'upload_confirmation';
      params: { name: string; company: string; filename: string; valid: number; invalid: number };
    }
  | { template: 'upload_processed'; params: TUploadProcessedParams }
  | TReminderMailTemplate
  | TPhishingReportMailTemplate;

/** The information mail to the policyholder after the provider imported an employee list. */
export interface TUploadProcessedParams {
  name: string;
  company: string;
  filename: string;
  created: number;
  existing: number;
  invalid: number;
  handled: number;
  /** The staff list, where the new people show up as invited. */
  link: string;
  /** Validity of the invitation links. */
  days: number;
  /** The rows that were not imported (the first ones; `moreErrors` counts the rest). */
  errorRows: { line: number; email: string; reasons: TImportReason[] }[];
  moreErrors: number;
}

export type { TRenderedMail } from './layout.ts';

const reasonText = (t: TTranslate, reason: TImportReason) =>
  reason === 'email_taken' ? t('mail.upload_processed_email_taken') : t(`upload.err_${reason}`);

function uploadProcessed(
  lang: TLocale,
  t: TTranslate,
  params: TUploadProcessedParams,
  head: string[],
  signature: string,
): TRenderedMail {
  const { company, filename, created, existing, invalid, handled } = params;
  const lines = [...head, t('mail.upload_processed_text', { company, filename, created, existing, invalid, handled })];
  if (params.errorRows.length > 0) {
    lines.push(t('mail.upload_processed_errors_intro'));
    for (const row of params.errorRows) {
      const reasons = row.reasons.map((reason) => reasonText(t, reason)).join(', ');
      lines.push(t('mail.upload_processed_error_row', { line: row.line, email: row.email, reasons }));
    }
    if (params.moreErrors > 0) lines.push(t('mail.upload_processed_more_errors', { count: params.moreErrors }));
  }
  const tail = [t('mail.upload_processed_next_steps', { days: params.days }), signature];
  return {
    subject: t('mail.upload_processed_subject', { company }),
    html: layout(lang, lines, { label: t('mail.upload_processed_button'), href: params.link }, tail),
    text: [...lines, params.link, ...tail].join('\n\n'),
  };
}

const REMINDER_TEMPLATES: ReadonlySet<string> = new Set([
  'learner_reminder',
  'manager_digest',
  'completion_alert',
  'certificate_expiry',
  'refresher_notice',
] satisfies TReminderMailTemplate['template'][]);
const isReminderMail = (mail: TMailTemplate): mail is TReminderMailTemplate => REMINDER_TEMPLATES.has(mail.template);

/** Renders a mail in the recipient's language as HTML and plain text. */
export function renderMail(lang: TLocale, mail: TMailTemplate): TRenderedMail {
  if (isReminderMail(mail)) return renderReminderMail(lang, mail);
  if (mail.template === 'phishing_reported' || mail.template === 'phishing_report_forward')
    return renderPhishingReportMail(lang, mail);
  const t = createTranslator(lang);
  const signature = t('mail.signature');
  // Sent to an address nobody has proven yet: fixed text, nothing the registrant typed (issue 37).
  if (mail.template === 'registration_confirmation') {
    const lines = [t('mail.greeting_plain'), t('mail.registration_confirmation_text', { days: mail.params.days })];
    const tail = [t('mail.registration_confirmation_ignore'), signature];
    return {
      subject: t('mail.registration_confirmation_subject'),
      html: layout(lang, lines, { label: t('mail.registration_confirmation_button'), href: mail.params.link }, tail),
      text: [...lines, mail.params.link, ...tail].join('\n\n'),
    };
  }
  if (mail.template === 'report_contact_confirmation') {
    const lines = [
      t('mail.greeting_plain'),
      t('mail.report_contact_confirmation_text', { company: mail.params.company, days: mail.params.days }),
    ];
    const tail = [t('mail.report_contact_confirmation_ignore'), signature];
    return {
      subject: t('mail.report_contact_confirmation_subject'),
      html: layout(lang, lines, { label: t('mail.report_contact_confirmation_button'), href: mail.params.link }, tail),
      text: [...lines, mail.params.link, ...tail].join('\n\n'),
    };
  }
  const greeting = t('mail.greeting', { name: mail.params.name });
  switch (mail.template) {
    case 'reset': {
      const lines = [greeting, t('mail.reset_text')];
      const tail = [t('mail.ignore_hint'), signature];
      return {
        subject: t('mail.reset_subject'),
        html: layout(lang, lines, { label: t('mail.reset_button'), href: mail.params.link }, tail),
        text: [...lines, mail.params.link, ...tail].join('\n\n'),
      };
    }
    case 'first_login': {
      const lines = [greeting, t('mail.first_login_text', { days: mail.params.days })];
      return {
        subject: t('mail.first_login_subject'),
        html: layout(lang, lines, { label: t('mail.first_login_button'), href: mail.params.link }, [signature]),
        text: [...lines, mail.params.link, signature].join('\n\n'),
      };
    }
    case 'invitation': {
      const { inviter, company, days } = mail.params;
      const lines = [greeting, t('mail.invitation_text', { inviter, company, days })];
      return {
        subject: t('mail.invitation_subject'),
        html: layout(lang, lines, { label: t('mail.invitation_button'), href: mail.params.link }, [signature]),
        text: [...lines, mail.params.link, signature].join('\n\n'),
      };
    }
    case 'progress_reset': {
      const lines = [greeting, t('mail.progress_reset_text', { company: mail.params.company }), signature];
      return { subject: t('mail.progress_reset_subject'), html: layout(lang, lines), text: lines.join('\n\n') };
    }
    case 'upload_confirmation': {
      const lines = [greeting, t('mail.upload_confirmation_text', { ...mail.params }), signature];
      return { subject: t('mail.upload_confirmation_subject'), html: layout(lang, lines), text: lines.join('\n\n') };
    }
    case 'upload_processed':
      return uploadProcessed(lang, t, mail.params, [greeting], signature);
    case 'password_changed': {
      const lines = [greeting, t('mail.password_changed_text', { date: mail.params.date }), signature];
      return {
        subject: t('mail.password_changed_subject'),
        html: layout(lang, lines),
        text: lines.join('\n\n'),
      };
    }
  }
}
