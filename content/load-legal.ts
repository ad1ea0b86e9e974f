import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentRoot } from './content-root.ts';

/** Legal texts in `content/legal/`, one Markdown file per document and language. */
export const LEGAL_DOCUMENTS = ['avv', 'impressum', 'datenschutz'] as const;
export type TLegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** The AVV file carries its contract version in the name (spec §9: version 5.40). */
export const AVV_FILE_VERSION = '5.40';

const fileName = (document: TLegalDocument, lang: 'de' | 'en') =>
  document === 'avv' ? `avv-${AVV_FILE_VERSION}.${lang}.md` : `${document}.${lang}.md`;

const cache = new Map<string, string>();

/** The Markdown of a legal document; throws when the file is missing (the content check catches it). */
export function legalText(document: TLegalDocument, lang: 'de' | 'en', root = join(contentRoot(), 'legal')) {
  const path = join(root, fileName(document, lang));
  const cached = cache.get(path);
  if (cached !== undefined) return cached;
  if (!existsSync(path)) throw new Error(`legal text missing: ${path}`);
  const text = readFileSync(path, 'utf8');
  cache.set(path, text);
  return text;
}

/** For the content check: every document in both languages, the AVV with its 13 sections and 3 annexes. */
export function checkLegalTexts(root = join(contentRoot(), 'legal')): string[] {
  const problems: string[] = [];
  for (const document of LEGAL_DOCUMENTS) {
    for (const lang of ['de', 'en'] as const) {
      const path = join(root, fileName(document, lang));
      if (!existsSync(path)) {
        problems.push(`legal/${fileName(document, lang)}: file missing`);
        continue;
      }
      const text = readFileSync(path, 'utf8');
      if (!text.startsWith('# ')) problems.push(`legal/${fileName(document, lang)}: must start with a "# " title`);
      if (/<[a-z!/]/i.test(text)) problems.push(`legal/${fileName(document, lang)}: no HTML, only Markdown`);
      if (document === 'avv') {
        if (!text.includes(`Version ${AVV_FILE_VERSION}`)) {
          problems.push(`legal/${fileName(document, lang)}: must name Version ${AVV_FILE_VERSION}`);
        }
        const sections = text.match(/^## +(§ ?)?\d+\b/gm)?.length ?? 0;
        const annexes = text.match(/^## +(Anlage|Annex)\b/gm)?.length ?? 0;
        if (sections < 13 || annexes < 3) {
          problems.push(`legal/${fileName(document, lang)}: needs sections 1-13 and annexes 1-3 as "## " headings`);
        }
      }
    }
  }
  return problems;
}
