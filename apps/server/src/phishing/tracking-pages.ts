import type { TPhishingText } from '@portal/content';
import { escapeHtml } from '@portal/core';
import type { TTranslate } from '@portal/i18n';

/*
 * The pages behind a simulated mail's link (ADR 036), drawn here as plain HTML: recipients open
 * them from a mail, often on a phone and not signed in, so they load no app script, work without
 * JavaScript and carry only the one small script of the landing step. Styles: /p/assets/lesson.css.
 */

const e = escapeHtml;
const lines = (text: string) => e(text).replace(/\n/g, '<br>');

function page(lang: 'de' | 'en', title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${e(title)}</title><link rel="stylesheet" href="/p/assets/lesson.css">${script}</head><body><main>${body}</main></body></html>`;
}

/**
 * The first answer to a link (ADR 036): counts nothing. Its script posts the form once the page has
 * been visible for a moment; a person without JavaScript presses the button. Link scanners that
 * only fetch never post, so they are never counted as a click.
 */
export function landingPage(t: TTranslate, lang: 'de' | 'en', token: string, proof: string): string {
  const body = `<h1>${e(t('phishing_page.landing_title'))}</h1><form method="post" action="/p/${e(token)}/click" id="continue"><input type="hidden" name="proof" value="${e(proof)}"><p>${e(t('phishing_page.landing_text'))}</p><button type="submit">${e(t('phishing_page.landing_continue'))}</button></form>`;
  return page(lang, t('phishing_page.landing_title'), body, '<script src="/p/assets/continue.js" defer></script>');
}

/** What every unknown, malformed or deleted token gets: nothing says whether it ever existed. */
export function gonePage(t: TTranslate, lang: 'de' | 'en'): string {
  return page(
    lang,
    t('phishing_page.gone_title'),
    `<h1>${e(t('phishing_page.gone_title'))}</h1><p>${e(t('phishing_page.gone_text'))}</p>`,
  );
}

/**
 * The imitation sign-in page of a `sign-in` template. Its inputs have no `name`, so the browser
 * sends nothing typed: the form carries the proof alone (ADR 036).
 */
export function signInPage(
  lang: 'de' | 'en',
  token: string,
  proof: string,
  signIn: NonNullable<TPhishingText['signIn']>,
) {
  const fields = signIn.fields
    .map(
      (field, index) =>
        `<label for="f${index}">${e(field.label)}</label><input id="f${index}" type="${field.kind}" autocomplete="off">`,
    )
    .join('');
  const intro = signIn.intro ? `<p>${e(signIn.intro)}</p>` : '';
  const body = `<div class="imitation"><h1>${e(signIn.title)}</h1>${intro}<form method="post" action="/p/${e(token)}/submit"><input type="hidden" name="proof" value="${e(proof)}">${fields}<button type="submit">${e(signIn.button)}</button></form></div>`;
  return page(lang, signIn.title, body);
}

interface TLessonInput {
  t: TTranslate;
  lang: 'de' | 'en';
  token: string;
  proof: string;
  company: string;
  text: TPhishingText;
  senderAddress: string;
  realTarget: string;
  namesVisible: boolean;
  courseTitle: string;
  signIn: boolean;
}

/** The teaching page: what happened, the mail again with each sign marked and explained, the course. */
export function lessonPage(input: TLessonInput): string {
  const { t, text } = input;
  const numbers = new Map<string, number>();
  const numberOf = (sign: string) => {
    if (!numbers.has(sign)) numbers.set(sign, numbers.size + 1);
    return numbers.get(sign) ?? 0;
  };
  const label = (sign: string) => text.signs.find((s) => s.id === sign)?.label ?? sign;
  const marker = (sign: string | undefined) =>
    sign
      ? `<span class="marker" aria-hidden="true">${numberOf(sign)}</span><span class="visually-hidden">${e(t('phishing_page.sign_number', { n: numberOf(sign) }))}: ${e(label(sign))}. </span>`
      : '';
  const marked = (sign: string | undefined) => (sign ? ' class="signed"' : '');
  const from = `<div${marked(text.from.sign)}><dt>${e(t('phishing_page.from'))}</dt><dd>${marker(text.from.sign)}${e(text.from.name)} &lt;${e(input.senderAddress)}&gt;</dd></div>`;
  const subject = `<div${marked(text.subject.sign)}><dt>${e(t('phishing_page.subject'))}</dt><dd>${marker(text.subject.sign)}<strong>${e(text.subject.text)}</strong></dd></div>`;
  const targets = (shown: string | undefined) =>
    `${shown ? `<span class="target">${e(t('phishing_page.expected_target', { target: shown }))}</span>` : ''}<span class="target">${e(t('phishing_page.real_target', { target: input.realTarget }))}</span>`;
  const parts = text.parts
    .map((part) => {
      const inner =
        part.role === 'paragraph' || part.role === 'signature'
          ? lines(part.text)
          : part.role === 'link'
            ? `<span class="link">${lines(part.text)}</span>${targets(part.shownTarget)}`
            : part.role === 'button'
              ? `<span class="button">${lines(part.text)}</span>${targets(part.shownTarget)}`
              : part.role === 'attachment'
                ? `<span class="attachment"><span class="visually-hidden">${e(t('phishing_page.attachment'))}: </span>${lines(part.text)}</span>${targets(undefined)}`
                : `<span class="qr" aria-hidden="true"></span><span class="visually-hidden">${e(t('phishing_page.qr_code'))}: </span>${lines(part.text)}${targets(undefined)}`;
      const cls = [`part`, `role-${part.role}`, part.sign ? 'signed' : ''].filter(Boolean).join(' ');
      return `<div class="${cls}">${marker(part.sign)}${inner}</div>`;
    })
    .join('');
  // Numbers in reading order: sender, subject, then the body.
  const signs = [...numbers.entries()]
    .map(([id, n]) => {
      const sign = text.signs.find((s) => s.id === id);
      return `<li value="${n}"><strong>${e(sign?.label ?? id)}</strong><p>${e(sign?.explanation ?? '')}</p></li>`;
    })
    .join('');
  const who = input.namesVisible ? t('phishing_page.lesson_names_visible') : t('phishing_page.lesson_counts_only');
  const nothingSent = input.signIn ? `<p>${e(t('phishing_page.lesson_nothing_sent'))}</p>` : '';
  const body = `<h1>${e(t('phishing_page.lesson_title', { company: input.company }))}</h1><p class="lead">${e(t('phishing_page.lesson_intro'))}</p><p>${e(text.lesson)}</p><p class="note">${e(who)}</p>${nothingSent}<h2>${e(t('phishing_page.mail_heading'))}</h2><article class="mail" aria-label="${e(t('phishing_page.mail_label'))}"><dl class="mail-header">${from}${subject}</dl><div class="mail-body">${parts}</div></article><h2>${e(t('phishing_page.signs_heading'))}</h2><ol class="signs">${signs}</ol><h2>${e(t('phishing_page.course_heading'))}</h2><p>${e(t('phishing_page.course_text', { course: input.courseTitle }))}</p><form method="post" action="/p/${e(input.token)}/course"><input type="hidden" name="proof" value="${e(input.proof)}"><button type="submit" class="primary">${e(t('phishing_page.course_button', { course: input.courseTitle }))}</button></form>`;
  return page(input.lang, t('phishing_page.lesson_title', { company: input.company }), body);
}
