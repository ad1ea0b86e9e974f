import type { TPhishingMeta, TPhishingText } from './phishing-schema.ts';

/**
 * The rules that span template.json and a language file (ADR 036), worded as content:check words
 * every problem (file, path, what is wrong). Browser-safe: the content preview runs them too.
 */
export function phishingTemplateProblems(meta: TPhishingMeta, text: TPhishingText, label: string): string[] {
  const problems: string[] = [];
  const explained = text.signs.map((sign) => sign.id).sort();
  const declared = [...meta.signs].sort();
  if (explained.join() !== declared.join()) {
    problems.push(`${label}: signs: explains ${explained.join(', ')}; template.json declares ${declared.join(', ')}`);
  }
  if (meta.landing === 'sign-in' && !text.signIn) {
    problems.push(`${label}: signIn: missing; template.json sets landing "sign-in"`);
  }
  if (meta.landing !== 'sign-in' && text.signIn) {
    problems.push(`${label}: signIn: only a template with landing "sign-in" has an imitation sign-in page`);
  }
  if (meta.topic === 'qr-code' && !text.parts.some((part) => part.role === 'qr-code')) {
    problems.push(`${label}: parts: a qr-code template needs a part with role "qr-code"`);
  }
  return problems;
}
