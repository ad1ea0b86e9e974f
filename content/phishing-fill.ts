import type { TPhishingText } from './phishing-schema.ts';

/** What the sender fills into a template per recipient (PHISHING_PLACEHOLDERS). */
export interface TPhishingValues {
  firstName: string;
  company: string;
  /** A date already written for the recipient's language, e.g. "27.11.2026" or "27 November 2026". */
  today: string;
}

const PLACEHOLDER = /\{\{\s*(firstName|company|today)\s*\}\}/g;

/** A template text with its placeholders filled; the schema refuses any other `{{…}}`. */
export function fillPlaceholders(text: string, values: TPhishingValues): string {
  return text.replace(PLACEHOLDER, (_match, name: keyof TPhishingValues) => values[name]);
}

/** The whole mail of a template with the placeholders filled: what is sent and what is shown again. */
export function fillPhishingText(text: TPhishingText, values: TPhishingValues): TPhishingText {
  return {
    ...text,
    from: { ...text.from, name: fillPlaceholders(text.from.name, values) },
    subject: { ...text.subject, text: fillPlaceholders(text.subject.text, values) },
    parts: text.parts.map((part) => ({ ...part, text: fillPlaceholders(part.text, values) })),
  };
}

/** The sender's address: the template's part before the @ and the operator's simulation domain. */
export const phishingSenderAddress = (text: Pick<TPhishingText, 'from'>, domain: string) =>
  `${text.from.localPart}@${domain}`;

const DAY_FORMATS = {
  de: new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }),
  en: new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', day: 'numeric', month: 'long', year: 'numeric' }),
};

/** `{{today}}` as a mail in this language writes it: 27.11.2026, or 27 November 2026 (the Berlin day). */
export const phishingMailDay = (lang: 'de' | 'en', at: Date) => DAY_FORMATS[lang].format(at);
