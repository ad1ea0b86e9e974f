import {
  fillPhishingText,
  phishingMailDay,
  phishingSenderAddress,
  type TCourseLanguage,
} from '@portal/content/browser';
import { PhishingMailView, PhishingSignInView } from '../src/features/phishing/phishing-mail-view.tsx';
import type { TPreviewPhishing } from './phishing-files.ts';

/** The simulation domain of the preview; the real one is the operator's PHISHING_MAIL_DOMAIN. */
const DOMAIN = 'simulation.example';
/** A tracking link as a recipient would get it (a token is 32 random bytes, base64url). */
const SAMPLE_TARGET = `https://${DOMAIN}/p/tR8xV2kQm9LpZ4wN7cY1bF6hJ3sD0gA5eU8iO2nK7qM`;

/** What the sender would fill in for a recipient: sample values in the template's language. */
const sampleValues = (lang: TCourseLanguage) => ({
  firstName: 'Alex',
  company: lang === 'de' ? 'Muster GmbH' : 'Example Ltd',
  today: phishingMailDay(lang, new Date()),
});

/**
 * One phishing template in one language: its facts for employers, the mail as it is sent (signs
 * off) or as the teaching page shows it (signs on), the lesson and the imitation sign-in page.
 */
export function PhishingPreview({
  template,
  lang,
  signs,
  onSigns,
  courseExists,
}: {
  template: TPreviewPhishing;
  lang: TCourseLanguage;
  signs: boolean;
  onSigns: (signs: boolean) => void;
  courseExists: boolean;
}) {
  const { meta } = template;
  const raw = template.text[lang];
  if (!raw) return <p className="notice">No {lang}.json to show: see the problems above.</p>;
  const text = fillPhishingText(raw, sampleValues(lang));
  return (
    <div className="slide card phishing-preview" key={`${template.slug}-${lang}`}>
      <h1>{text.title}</h1>
      <p>{text.summary}</p>
      <dl className="phishing-preview-facts">
        <div>
          <dt>Topic</dt>
          <dd>{meta?.topic ?? '–'}</dd>
        </div>
        <div>
          <dt>Difficulty</dt>
          <dd>{meta ? `${meta.difficulty} of 3` : '–'}</dd>
        </div>
        <div>
          <dt>Course</dt>
          <dd>
            {meta?.course ?? '–'}
            {meta && !courseExists && <span className="muted"> (not in content/courses)</span>}
          </dd>
        </div>
        <div>
          <dt>Landing</dt>
          <dd>{meta?.landing ?? '–'}</dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{meta?.version ?? '–'}</dd>
        </div>
      </dl>
      <section className="phishing-preview-section" aria-labelledby="mail-heading">
        <div className="phishing-preview-mail-head">
          <h2 id="mail-heading">{signs ? 'Mail with its signs (teaching page)' : 'Mail as sent (campaign preview)'}</h2>
          <label className="phishing-preview-toggle">
            <input type="checkbox" checked={signs} onChange={(event) => onSigns(event.target.checked)} /> Show signs
          </label>
        </div>
        <PhishingMailView
          text={text}
          senderAddress={phishingSenderAddress(text, DOMAIN)}
          realTarget={SAMPLE_TARGET}
          showSigns={signs}
          signsHeadingLevel={3}
        />
      </section>
      <section className="phishing-preview-section" aria-labelledby="lesson-heading">
        <h2 id="lesson-heading">Lesson (teaching page)</h2>
        <p className="phishing-preview-lesson">{text.lesson}</p>
      </section>
      {text.signIn && (
        <section className="phishing-preview-section" aria-labelledby="sign-in-heading">
          <h2 id="sign-in-heading">Imitation sign-in page</h2>
          <PhishingSignInView signIn={text.signIn} />
        </section>
      )}
    </div>
  );
}
