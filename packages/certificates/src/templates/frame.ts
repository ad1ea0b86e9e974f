import { createTranslator, type TLocale } from '@portal/i18n';
import { formatDate } from '@portal/validators';
import type { TCertificateDocument } from '../content.ts';
import { COLOR, FONT, h, MARGIN, PAGE, QR_BOX, type TChild, type TNode } from './tree.ts';

/**
 * What both certificates share: the double frame, the header line with the code, and the footer
 * with issue date, validity and the verification hint beside the (separately drawn) QR code.
 */
export function certificateFrame(document: TCertificateDocument, lang: TLocale, body: TChild[]): TNode {
  const t = createTranslator(lang);
  const label = (text: string) => h({ ...FONT.sans, fontSize: 8, color: COLOR.muted }, text);
  const value = (text: string) => h({ ...FONT.sansBold, fontSize: 11, color: COLOR.ink, marginTop: 2 }, text);

  return h(
    { width: PAGE.width, height: PAGE.height, backgroundColor: '#ffffff', position: 'relative' },
    h({ position: 'absolute', left: 18, top: 18, right: 18, bottom: 18, border: `1.5px solid ${COLOR.blue}` }),
    h({ position: 'absolute', left: 24, top: 24, right: 24, bottom: 24, border: `0.5px solid ${COLOR.blue}` }),
    h(
      {
        position: 'absolute',
        left: MARGIN.x,
        top: MARGIN.top,
        right: MARGIN.x,
        bottom: MARGIN.bottom,
        flexDirection: 'column',
      },
      h(
        { justifyContent: 'space-between', alignItems: 'center' },
        h({ ...FONT.sansBold, fontSize: 8.5, color: COLOR.blue }, t('certificate.brand')),
        h({ ...FONT.sans, fontSize: 8.5, color: COLOR.muted }, `${t('certificate.code')} ${document.code}`),
      ),
      ...body,
    ),
    h(
      {
        position: 'absolute',
        left: MARGIN.x,
        right: PAGE.width - QR_BOX.x + 14,
        top: QR_BOX.y,
        height: QR_BOX.size,
        justifyContent: 'space-between',
        alignItems: 'flex-end',
      },
      h(
        { gap: 28 },
        h({ flexDirection: 'column' }, label(t('certificate.issued_on')), value(formatDate(document.issuedAt))),
        h({ flexDirection: 'column' }, label(t('certificate.valid_until')), value(formatDate(document.validUntil))),
      ),
      h(
        { flexDirection: 'column', alignItems: 'flex-end', maxWidth: 330 },
        h({ ...FONT.sansBold, fontSize: 8.5, color: COLOR.ink }, t('certificate.verify_hint')),
        h({ ...FONT.sans, fontSize: 8.5, color: COLOR.blue, marginTop: 2 }, document.verifyUrl),
      ),
    ),
  );
}

/** The title block: big serif title and a subtitle, with a short accent rule beneath. */
export function titleBlock(title: string, subtitle: string): TChild[] {
  return [
    h({ ...FONT.serif, fontSize: 34, color: COLOR.ink, marginTop: 18 }, title),
    h({ ...FONT.sans, fontSize: 12, color: COLOR.muted, marginTop: 2 }, subtitle),
    h({ width: 56, height: 3, backgroundColor: COLOR.blue, marginTop: 12, marginBottom: 14 }),
  ];
}
