import type { TContext } from '@portal/api';
import { renderCertificatePdf, renderCertificatePng } from '@portal/certificates';
import { certificateForDownload, DomainError } from '@portal/core';
import { createTranslator } from '@portal/i18n';
import { type Context, Hono } from 'hono';
import { fileLanguage, fileRouteFailure } from './file-route-answers.ts';

/**
 * `GET /api/certificates/pdf/{code}` (download) and `/preview/{code}` (PNG for the page), plain
 * Hono routes because they answer files. Only the holder, or the employer and managers for the
 * proof of insurance, get the file; everyone else gets 404, as for a code that does not exist.
 * `?lang=de|en` picks the language, otherwise the viewer's own.
 */
export function certificateFileRoutes(createContext: (c: Context) => TContext | Promise<TContext>, publicUrl: string) {
  const app = new Hono();

  const serve = async (c: Context, format: 'pdf' | 'png') => {
    const ctx = await createContext(c);
    // A link on another site does not download with the person's session (context.ts).
    // An insurer API key opens the insurer's calls only (ADR 035).
    if (ctx.apiKeyPresented) return fileRouteFailure(c, ctx, 403, 'FORBIDDEN', 'api_key.scope');
    if (ctx.csrfRejected) return fileRouteFailure(c, ctx, 403, 'FORBIDDEN', 'errors.CSRF');
    if (!ctx.user) return fileRouteFailure(c, ctx, 401, 'AUTHORIZATION_REQUIRED', 'errors.AUTHORIZATION_REQUIRED');
    const lang = fileLanguage(c, ctx.user);
    let document: Awaited<ReturnType<typeof certificateForDownload>>;
    try {
      document = await certificateForDownload(ctx.db, ctx.user, c.req.param('code') ?? '', publicUrl);
    } catch (error) {
      if (error instanceof DomainError) return fileRouteFailure(c, ctx, 404, 'NOT_FOUND', 'errors.NOT_FOUND');
      throw error;
    }
    if (format === 'png') {
      return c.body(new Uint8Array(await renderCertificatePng(document, lang)), 200, {
        'Content-Type': 'image/png',
        'Cache-Control': 'private, no-store',
      });
    }
    const t = createTranslator(lang);
    const name = t(document.content.kind === 'personal' ? 'certificate.file_personal' : 'certificate.file_company');
    const file = `${name}-${document.code}.pdf`;
    return c.body(new Uint8Array(await renderCertificatePdf(document, lang)), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file}"`,
      'Cache-Control': 'private, no-store',
    });
  };

  app.get('/certificates/pdf/:code', (c) => serve(c, 'pdf'));
  app.get('/certificates/preview/:code', (c) => serve(c, 'png'));
  return app;
}
