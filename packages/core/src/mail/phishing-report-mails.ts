import { createTranslator, type TLocale } from '@portal/i18n';
import { buttonHtml, footnote, mailPage, paragraph, type TRenderedMail } from './layout.ts';

/** The report inbox's mails (ADR 036, step 4). */
export type TPhishingReportMailTemplate =
  | {
      /** The thanks for a reported simulation, at once. */
      template: 'phishing_reported';
      /** `lesson`: the teaching page of the reported mail; only for its own recipient, whose course it assigns. */
      params: { name: string; company: string; lesson: string | null };
    }
  | {
      /** A report of a real suspicious mail, to the company's IT contact; the report itself is attached. */
      template: 'phishing_report_forward';
      params: { reporter: string; email: string; company: string; subject: string; file: string };
    };

/** Subjects come from strangers' mails: one line, and not so long that the contact's list hides ours. */
const oneLine = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

export function renderPhishingReportMail(lang: TLocale, mail: TPhishingReportMailTemplate): TRenderedMail {
  const t = createTranslator(lang);
  const signature = t('mail.signature');
  if (mail.template === 'phishing_reported') {
    const { name, company, lesson } = mail.params;
    const lines = [
      t('mail.greeting', { name }),
      t('mail.phishing_thanks_text', { company }),
      t('mail.phishing_thanks_habit'),
    ];
    const why = t('mail.phishing_thanks_why');
    const button = lesson ? { label: t('mail.phishing_thanks_button'), href: lesson } : null;
    const lessonLines = button ? [t('mail.phishing_thanks_lesson')] : [];
    return {
      subject: t('mail.phishing_thanks_subject'),
      html: mailPage(
        lang,
        [...lines, ...lessonLines].map(paragraph).join('') +
          (button ? buttonHtml(button) : '') +
          paragraph(signature) +
          footnote(why),
      ),
      text: [...lines, ...lessonLines, ...(button ? [button.href] : []), signature, `--\n${why}`].join('\n\n'),
    };
  }
  const { reporter, email, company, file } = mail.params;
  const subject = oneLine(mail.params.subject) || t('mail.phishing_forward_no_subject');
  const lines = [
    t('mail.phishing_forward_greeting'),
    t('mail.phishing_forward_text', { reporter, email, company }),
    t('mail.phishing_forward_attachment', { file }),
  ];
  const why = t('mail.phishing_forward_why', { company });
  return {
    subject: t('mail.phishing_forward_subject', { subject }),
    html: mailPage(lang, lines.map(paragraph).join('') + paragraph(signature) + footnote(why)),
    text: [...lines, signature, `--\n${why}`].join('\n\n'),
  };
}
