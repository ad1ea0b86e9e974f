import type { TPhishingText } from '@portal/content/browser';
import { type ReactNode, useId } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { Paperclip, QrPattern } from '../trainings/exercises/mock-part.tsx';
import './phishing-mail-view.css';

type TPart = TPhishingText['parts'][number];
type TSignId = TPhishingText['signs'][number]['id'];
type TSignIn = NonNullable<TPhishingText['signIn']>;

const CLICKABLE: readonly TPart['role'][] = ['link', 'button', 'attachment', 'qr-code'];

/**
 * The signs numbered in reading order (sender, subject, then the parts): the first element that
 * shows a sign gives it its number; a sign shown twice keeps its number.
 */
function numberSigns(text: TPhishingText): Map<TSignId, number> {
  const numbers = new Map<TSignId, number>();
  const shown = [text.from.sign, text.subject.sign, ...text.parts.map((part) => part.sign)];
  for (const sign of [...shown, ...text.signs.map((entry) => entry.id)]) {
    if (sign && !numbers.has(sign)) numbers.set(sign, numbers.size + 1);
  }
  return numbers;
}

/**
 * The number of a sign on the marked element: seen as a badge, read as "Sign 2: Urgency" (the same
 * words and number as the list below the mail).
 */
function SignMarker({ number, label }: { number: number; label: string }) {
  const { t } = useI18n();
  return (
    <span className="phishing-marker">
      <span aria-hidden="true">{number}</span>
      <span className="visually-hidden">{t('phishing_mail.sign_number', { number, label })}</span>
    </span>
  );
}

/** What a body part looks like in the mail: a paragraph, a link, a button, an attachment … */
function PartContent({ part }: { part: TPart }) {
  const { t } = useI18n();
  switch (part.role) {
    case 'link':
      return <span className="mock-link">{part.text}</span>;
    case 'button':
      return <span className="mock-cta">{part.text}</span>;
    case 'attachment':
      return (
        <span className="mock-attachment">
          <Paperclip />
          <span className="visually-hidden">{t('exercise.attachment')}: </span>
          {part.text}
        </span>
      );
    case 'qr-code':
      return (
        <span className="mock-qr-part">
          <QrPattern seed={part.id} />
          <span>
            <span className="visually-hidden">{t('exercise.qr_code')}: </span>
            {part.text}
          </span>
        </span>
      );
    case 'signature':
      return <p className="phishing-signature">{part.text}</p>;
    default:
      return <p className="phishing-paragraph">{part.text}</p>;
  }
}

/**
 * A simulated phishing mail drawn from its template (placeholders already filled): the plain mail
 * for an employer's preview, or with `showSigns` every element that gives the mail away marked with
 * a number, the real target beside each link, and the signs explained below under the same
 * numbers (the teaching page, ADR 036). Static: nothing in it can be clicked.
 */
export function PhishingMailView({
  text,
  senderAddress,
  realTarget,
  showSigns,
  signsHeadingLevel = 2,
}: {
  text: TPhishingText;
  /** The full From address, the template's part before the @ and the simulation domain. */
  senderAddress: string;
  /** Where the links really lead (the recipient's tracking link), shown with the signs. */
  realTarget: string;
  showSigns: boolean;
  /** The level of the signs' heading below the mail, for the page it sits in. */
  signsHeadingLevel?: 2 | 3;
}) {
  const { t } = useI18n();
  const id = useId();
  const SignsHeading = signsHeadingLevel === 3 ? 'h3' : 'h2';
  // A narrow screen breaks the address after the @ rather than anywhere.
  const at = senderAddress.lastIndexOf('@');
  const [local, domain] = at < 0 ? [senderAddress] : [senderAddress.slice(0, at), senderAddress.slice(at + 1)];
  const numbers = numberSigns(text);
  const labels = new Map(text.signs.map((sign) => [sign.id, sign.label]));
  const ordered = [...text.signs].sort((a, b) => (numbers.get(a.id) ?? 0) - (numbers.get(b.id) ?? 0));

  /** An element of the mail, marked with its sign's number when the signs are shown. */
  const marked = (className: string, sign: TSignId | undefined, content: ReactNode, key?: string) => {
    const number = showSigns && sign ? numbers.get(sign) : undefined;
    const label = sign ? (labels.get(sign) ?? '') : '';
    return (
      <div key={key} className={`${className}${number ? ' has-sign' : ''}`}>
        {number && <SignMarker number={number} label={label} />}
        <div className="phishing-content">{content}</div>
      </div>
    );
  };

  return (
    <div className="phishing-mail-view">
      <article className="mock mock-kind-email phishing-mail" aria-label={t('phishing_mail.mail')}>
        <div className="mock-header">
          <div className="mock-row">
            <span className="mock-label">{t('exercise.from')}</span>
            {marked(
              'phishing-field role-sender',
              text.from.sign,
              <span>
                <span className="phishing-from-name">{text.from.name}</span>{' '}
                <span className="phishing-from-address">
                  &lt;{local}
                  {domain !== undefined && (
                    <>
                      @<wbr />
                      {domain}
                    </>
                  )}
                  &gt;
                </span>
              </span>,
            )}
          </div>
          <div className="mock-row">
            <span className="mock-label">{t('exercise.subject')}</span>
            {marked('phishing-field role-subject', text.subject.sign, text.subject.text)}
          </div>
        </div>
        <div className="mock-body phishing-body">
          {text.parts.map((part) =>
            marked(
              `phishing-part role-${part.role}`,
              part.sign,
              <>
                <PartContent part={part} />
                {showSigns && CLICKABLE.includes(part.role) && (
                  <span className="phishing-targets">
                    {part.shownTarget && (
                      <span className="mock-target">
                        {t('phishing_mail.expected_target')}: {part.shownTarget}
                      </span>
                    )}
                    <span className="mock-target">
                      {t('phishing_mail.real_target')}: {realTarget}
                    </span>
                  </span>
                )}
              </>,
              part.id,
            ),
          )}
        </div>
      </article>
      {showSigns && (
        <section className="phishing-signs" aria-labelledby={`${id}-signs`}>
          <SignsHeading id={`${id}-signs`}>{t('phishing_mail.signs_heading')}</SignsHeading>
          <ol>
            {ordered.map((sign) => (
              <li key={sign.id}>
                <span className="phishing-marker" aria-hidden="true">
                  {numbers.get(sign.id)}
                </span>
                <div>
                  <strong>
                    <span className="visually-hidden">{numbers.get(sign.id)}. </span>
                    {sign.label}
                  </strong>
                  <p>{sign.explanation}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

/**
 * The imitation sign-in page of a `sign-in` template as a static picture for previews: its labels,
 * inputs that cannot be filled in (disabled, and without a name, as on the real page) and its button.
 */
export function PhishingSignInView({ signIn }: { signIn: TSignIn }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <fieldset className="phishing-sign-in" disabled>
      <legend className="visually-hidden">{t('phishing_mail.sign_in_page')}</legend>
      <p className="phishing-sign-in-title">{signIn.title}</p>
      {signIn.intro && <p className="phishing-sign-in-intro">{signIn.intro}</p>}
      {signIn.fields.map((field, index) => (
        <div className="phishing-sign-in-field" key={`${field.kind}-${field.label}`}>
          <label htmlFor={`${id}-${index}`}>{field.label}</label>
          <input id={`${id}-${index}`} type={field.kind} disabled autoComplete="off" />
        </div>
      ))}
      <button type="button" className="phishing-sign-in-button" disabled>
        {signIn.button}
      </button>
    </fieldset>
  );
}
