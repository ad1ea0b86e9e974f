import { fillPhishingText, phishingMailDay, phishingSenderAddress, type TPhishingText } from '@portal/content';
import { DomainError } from '../errors.ts';
import { phishingCatalog, phishingTemplate } from './phishing-catalog.ts';

export interface TPhishingTemplateSummary {
  slug: string;
  version: string;
  topic: string;
  difficulty: 1 | 2 | 3;
  course: string;
  landing: 'teaching' | 'sign-in';
  signs: string[];
  title: { de: string; en: string };
  summary: { de: string; en: string };
}

/** Every template with what an employer needs to choose one, in both languages. */
export function listPhishingTemplates(): TPhishingTemplateSummary[] {
  return [...phishingCatalog().values()]
    .map(({ meta, text }) => ({
      slug: meta.slug,
      version: meta.version,
      topic: meta.topic,
      difficulty: meta.difficulty,
      course: meta.course,
      landing: meta.landing,
      signs: meta.signs,
      title: { de: text.de.title, en: text.en.title },
      summary: { de: text.de.summary, en: text.en.summary },
    }))
    .sort((a, b) => a.difficulty - b.difficulty || a.slug.localeCompare(b.slug));
}

export interface TPhishingPreview {
  slug: string;
  lang: 'de' | 'en';
  senderAddress: string;
  /** The mail with the placeholders filled with the viewer's first name and company. */
  text: TPhishingText;
  landing: 'teaching' | 'sign-in';
  course: string;
}

/** A template's mail as a recipient would get it: the preview before a campaign starts (ADR 036). */
export function previewPhishingTemplate(
  slug: string,
  lang: 'de' | 'en',
  values: { firstName: string; company: string },
  senderDomain: string,
  now = new Date(),
): TPhishingPreview {
  const template = phishingTemplate(slug);
  if (!template) throw new DomainError('NOT_FOUND', 'phishing.template_unknown', { slug });
  const text = fillPhishingText(template.text[lang], { ...values, today: phishingMailDay(lang, now) });
  return {
    slug,
    lang,
    senderAddress: phishingSenderAddress(text, senderDomain),
    text,
    landing: template.meta.landing,
    course: template.meta.course,
  };
}
