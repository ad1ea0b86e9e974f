import type { RouterInputs } from '@portal/api';
import type { TLocale } from '@portal/i18n';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Modal } from '../../components/modal.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';

export type TPreviewKind = RouterInputs['reminders']['preview']['kind'];

/** The name of each mail of the ladder, for its preview button and its dialog. */
export const MAIL_NAME = {
  learner_due_soon: 'reminders.mail_learner_due_soon',
  learner_overdue: 'reminders.mail_learner_overdue',
  manager_digest: 'reminders.mail_manager_digest',
  completion_alert: 'reminders.mail_completion_alert',
  certificate_expiry: 'reminders.mail_certificate_expiry',
} as const satisfies Record<TPreviewKind, string>;

const LANGUAGES = [
  { locale: 'de', label: 'nav.language_de' },
  { locale: 'en', label: 'nav.language_en' },
] as const satisfies readonly { locale: TLocale; label: string }[];

/**
 * The mail's HTML for the preview frame. Its links lead to the portal, which refuses to be framed
 * (frame-ancestors 'none'): followed inside the frame they would leave a browser error there, so
 * they open a new tab, as they would from a mail program.
 */
const framed = (html: string) => html.replace(/<head>/i, '<head><base target="_blank">');

/**
 * One mail of the reminder ladder as its recipients get it (issue 22: "Employers preview each mail
 * in both languages"), rendered by the server with example figures and the company's saved
 * settings. Opens in the page's language; the switch inside fetches the other one. The HTML part
 * is shown in a sandboxed frame (no scripts, no same origin; it inherits the portal's
 * Content-Security-Policy, which allows the mail's inline styles), the plain text below it.
 */
export function MailPreviewDialog({ kind, onClose }: { kind: TPreviewKind; onClose: () => void }) {
  const { t, locale } = useI18n();
  const [lang, setLang] = useState<TLocale>(locale);
  const preview = trpc.reminders.preview.useQuery({ kind, lang });
  const mail = t(MAIL_NAME[kind]);

  return (
    <Modal isOpen onClose={onClose} header={t('reminders.preview_of', { mail })} size="large" mobile>
      <div className="mail-preview">
        <p className="muted">{t('reminders.preview_intro')}</p>
        <fieldset className="preview-languages">
          <legend className="visually-hidden">{t('reminders.preview_language')}</legend>
          {LANGUAGES.map((option) => (
            <button
              key={option.locale}
              type="button"
              className="preview-language"
              aria-pressed={lang === option.locale}
              lang={option.locale}
              onClick={() => setLang(option.locale)}
            >
              {t(option.label)}
            </button>
          ))}
        </fieldset>
        {preview.isPending && (
          <p role="status" className="muted">
            {t('reminders.preview_loading')}
          </p>
        )}
        {preview.isError && (
          <div className="notice notice-error">
            <p role="alert">{t('reminders.preview_failed')}</p>
            <Button className="button button-secondary button-small" onPress={() => void preview.refetch()}>
              {t('reminders.preview_retry')}
            </Button>
          </div>
        )}
        {preview.data && (
          <div className="preview-mail">
            <p className="preview-subject">
              <span className="preview-label">{t('reminders.preview_subject')}</span>{' '}
              <strong lang={lang} data-testid="preview-subject">
                {preview.data.subject}
              </strong>
            </p>
            <iframe
              className="preview-frame"
              title={t('reminders.preview_html', { subject: preview.data.subject })}
              // No scripts, no same origin, no forms; only its links may open a tab of their own.
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={framed(preview.data.html)}
            />
            <h3 className="preview-text-heading">{t('reminders.preview_text')}</h3>
            <pre className="preview-text" lang={lang}>
              {preview.data.text}
            </pre>
          </div>
        )}
      </div>
    </Modal>
  );
}
