import { createTranslator, type TLocale } from '@portal/i18n';
import { formatDate } from '@portal/validators';
import type { TCertificateDocument, TPersonalCertificateContent } from '../content.ts';
import { certificateFrame, titleBlock } from './frame.ts';
import { COLOR, FONT, h, type TNode } from './tree.ts';

/** Long names get a smaller size so they stay on one line. */
const nameSize = (name: string) => (name.length > 44 ? 19 : name.length > 32 ? 23 : 27);

/** DECISIONS.md: name, completed courses with dates, issue date, code and QR code. */
export function personalCertificateTree(
  document: TCertificateDocument & { content: TPersonalCertificateContent },
  lang: TLocale,
): TNode {
  const t = createTranslator(lang);
  const { holder, companyName, courses } = document.content;
  const name = `${holder.firstname} ${holder.lastname}`;
  const dense = courses.length > 8;
  const course = (entry: TPersonalCertificateContent['courses'][number]) =>
    h(
      {
        width: '50%',
        paddingRight: 18,
        boxSizing: 'border-box',
        marginBottom: dense ? 7 : 10,
        alignItems: 'flex-start',
      },
      h({ width: 5, height: 5, backgroundColor: COLOR.blue, marginTop: 5, marginRight: 8, flexShrink: 0 }),
      h(
        { flexDirection: 'column', flexShrink: 1 },
        h({ ...FONT.sansBold, fontSize: dense ? 9.5 : 10.5, color: COLOR.ink, lineHeight: 1.25 }, entry.title[lang]),
        h(
          { ...FONT.sans, fontSize: 8, color: COLOR.muted, marginTop: 1 },
          t('certificate.completed_on', { date: formatDate(entry.completedAt) }),
        ),
      ),
    );

  return certificateFrame(document, lang, [
    ...titleBlock(t('certificate.personal_title'), t('certificate.personal_subtitle')),
    h({ ...FONT.sans, fontSize: 11, color: COLOR.ink }, t('certificate.certify_that')),
    h({ ...FONT.serif, fontSize: nameSize(name), color: COLOR.blue, marginTop: 4 }, name),
    h(
      { ...FONT.sans, fontSize: 11, color: COLOR.ink, marginTop: 4 },
      t('certificate.of_company', { company: companyName }),
    ),
    h(
      { ...FONT.sans, fontSize: 11, color: COLOR.ink, marginTop: 10, marginBottom: 10 },
      t('certificate.completed_courses', { count: courses.length }),
    ),
    h({ flexWrap: 'wrap', width: '100%' }, ...courses.map(course)),
  ]);
}
