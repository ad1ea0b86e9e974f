import { pdfFonts, renderCertificatePdf } from '@portal/certificates';
import type { TEvidencePack } from '@portal/core';
import { createTranslator } from '@portal/i18n';
import { berlinDay, formatDate } from '@portal/validators';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { companyCertificateFile, evidenceMarkdown, personalCertificateFile } from './evidence-markdown.ts';
import { markdownToPdf } from './markdown-pdf.ts';

/**
 * The evidence pack as one ZIP (ADR 035): `evidence.pdf` drawn from the facts, the facts
 * themselves as `evidence.json`, the company certificate as its own PDF when there is one, and in
 * the employer's pack `certificates/<code>.pdf` per personal certificate. The PDFs are stored
 * without a second compression (their streams are compressed already); the JSON is deflated.
 */
export async function evidenceZip(pack: TEvidencePack): Promise<Uint8Array<ArrayBuffer>> {
  const { facts } = pack;
  const lang = facts.language;
  const t = createTranslator(lang);
  const fonts = pdfFonts();
  const overview = await markdownToPdf(evidenceMarkdown(facts), {
    title: t('evidence.heading', { company: facts.company.name }),
    footer: t('evidence.footer', { company: facts.company.name, date: formatDate(facts.generatedAt) }),
    lang,
    // IBM Plex like the certificates (ADR 015): names beyond Latin-1 (Łukasz, Şahin) print.
    fonts: { regular: fonts.get('plex-sans'), bold: fonts.get('plex-sans-semibold') },
  });
  const mtime = new Date(facts.generatedAt);
  const stored = (bytes: Uint8Array): [Uint8Array, { level: 0; mtime: Date }] => [bytes, { level: 0, mtime }];
  const files: Zippable = {
    'evidence.pdf': stored(overview),
    'evidence.json': [strToU8(`${JSON.stringify(facts, null, 2)}\n`), { level: 6, mtime }],
  };
  if (pack.companyCertificate) {
    const pdf = await renderCertificatePdf(pack.companyCertificate, lang);
    files[companyCertificateFile(pack.companyCertificate.code)] = stored(pdf);
  }
  // One after another: each render is CPU work on this thread (about 65 ms, ADR 015).
  for (const certificate of pack.personalCertificates) {
    files[personalCertificateFile(certificate.code)] = stored(await renderCertificatePdf(certificate, lang));
  }
  return zipSync(files);
}

/**
 * `evidence-<policy number>-<YYYY-MM-DD>.zip` (the day in German time); without a policy number,
 * the company's name in ASCII letters, digits and dashes, so the header needs no encoding.
 */
export function evidenceFileName(pack: TEvidencePack): string {
  const { company, generatedAt } = pack.facts;
  const name =
    company.policyNumber ??
    (company.name
      .replace(/ß/g, 'ss')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) ||
      'company');
  return `evidence-${name}-${berlinDay(new Date(generatedAt))}.zip`;
}
