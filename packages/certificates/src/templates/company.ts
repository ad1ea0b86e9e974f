import { createTranslator, type TLocale } from '@portal/i18n';
import { percent, type TCertificateDocument, type TCompanyCertificateContent } from '../content.ts';
import { certificateFrame, titleBlock } from './frame.ts';
import { COLOR, FONT, h, type TNode } from './tree.ts';

/**
 * DECISIONS.md: company name, address, insurance number, people enrolled and certified,
 * completion rate per course, issue date, code and QR code.
 */
export function companyCertificateTree(
  document: TCertificateDocument & { content: TCompanyCertificateContent },
  lang: TLocale,
): TNode {
  const t = createTranslator(lang);
  const { company, enrolled, certified, courses } = document.content;
  const label = (text: string) => h({ ...FONT.sans, fontSize: 8, color: COLOR.muted }, text);
  const figure = (value: string, caption: string) =>
    h(
      { flexDirection: 'column', marginRight: 26 },
      h({ ...FONT.serif, fontSize: 26, color: COLOR.blue }, value),
      h({ ...FONT.sans, fontSize: 9, color: COLOR.ink, marginTop: 1 }, caption),
    );
  const courseRow = (entry: TCompanyCertificateContent['courses'][number]) => {
    const rate = percent(entry.completed, entry.assigned);
    return h(
      { alignItems: 'center', marginBottom: courses.length > 9 ? 5 : 7 },
      h(
        { ...FONT.sans, fontSize: 8.5, color: COLOR.ink, width: 230, paddingRight: 10, lineHeight: 1.2 },
        entry.title[lang],
      ),
      h(
        { width: 90, height: 6, backgroundColor: COLOR.soft },
        h({ width: Math.max(0, Math.round(0.9 * rate)), height: 6, backgroundColor: COLOR.blue }),
      ),
      h({ ...FONT.sansBold, fontSize: 8.5, color: COLOR.ink, width: 36, justifyContent: 'flex-end' }, `${rate} %`),
      h(
        { ...FONT.sans, fontSize: 7.5, color: COLOR.muted, width: 60, justifyContent: 'flex-end' },
        t('certificate.course_rate_line', { completed: entry.completed, assigned: entry.assigned }),
      ),
    );
  };

  return certificateFrame(document, lang, [
    ...titleBlock(t('certificate.company_title'), t('certificate.company_subtitle')),
    h(
      { justifyContent: 'space-between' },
      h(
        { flexDirection: 'column', width: 270 },
        label(t('certificate.company')),
        h({ ...FONT.serif, fontSize: 18, color: COLOR.ink, marginTop: 3, lineHeight: 1.2 }, company.name),
        h({ ...FONT.sans, fontSize: 10, color: COLOR.ink, marginTop: 4 }, company.street),
        h({ ...FONT.sans, fontSize: 10, color: COLOR.ink }, `${company.postCode} ${company.city}`),
        h({ marginTop: 12 }, label(t('certificate.insurance_number'))),
        h({ ...FONT.sansBold, fontSize: 11, color: COLOR.ink, marginTop: 2 }, company.insuranceNumber),
        h(
          { marginTop: 18 },
          figure(String(enrolled), t('certificate.enrolled')),
          figure(`${certified}`, t('certificate.certified', { rate: percent(certified, enrolled) })),
        ),
      ),
      h(
        { flexDirection: 'column', width: 420 },
        h({ marginBottom: 8 }, label(t('certificate.course_rates'))),
        ...(courses.length === 0
          ? [h({ ...FONT.sans, fontSize: 10, color: COLOR.muted }, t('certificate.no_courses'))]
          : courses.map(courseRow)),
      ),
    ),
  ]);
}
