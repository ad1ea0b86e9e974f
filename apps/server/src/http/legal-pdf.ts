import { AVV_FILE_VERSION, legalText } from '@portal/content';
import { createTranslator, localeFromAcceptLanguage } from '@portal/i18n';
import { Hono } from 'hono';
import { markdownToPdf } from '../pdf/markdown-pdf.ts';

/**
 * `GET /api/pdf/avv?lang=de|en`: the data processing agreement as PDF ('Jetzt herunterladen').
 * Public, like the page /order-data-processing. Rendered once per language and kept.
 */
export function legalPdfRoutes() {
  const app = new Hono();
  const rendered = new Map<string, Promise<Buffer>>();
  app.get('/avv', async (c) => {
    const asked = c.req.query('lang');
    const lang = asked === 'de' || asked === 'en' ? asked : localeFromAcceptLanguage(c.req.header('accept-language'));
    const t = createTranslator(lang);
    let pdf = rendered.get(lang);
    if (!pdf) {
      pdf = markdownToPdf(legalText('avv', lang), {
        title: `${t('avv.title')} ${AVV_FILE_VERSION}`,
        footer: `${t('avv.title')} · Version ${AVV_FILE_VERSION}`,
      });
      rendered.set(lang, pdf);
    }
    const file =
      lang === 'de'
        ? `Auftragsverarbeitungsvertrag-${AVV_FILE_VERSION}.pdf`
        : `Data-Processing-Agreement-${AVV_FILE_VERSION}.pdf`;
    return c.body(new Uint8Array(await pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file}"`,
      'Cache-Control': 'no-cache',
    });
  });
  return app;
}
