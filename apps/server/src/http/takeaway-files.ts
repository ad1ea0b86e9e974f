import { readFileSync } from 'node:fs';
import type { TContext } from '@portal/api';
import { renderTakeawayPdf } from '@portal/certificates';
import { DomainError, takeawayForDownload } from '@portal/core';
import { createTranslator } from '@portal/i18n';
import { type Context, Hono } from 'hono';
import { fileLanguage, fileRouteFailure } from './file-route-answers.ts';

/**
 * `GET /api/trainings/takeaway/{slug}?lang=de|en`: the course's take-away sheet as PDF, for a
 * learner who has finished the course; everyone else gets 404, as for a course that does not
 * exist. The sheet is the same for every learner, so each course and language is rendered once
 * per process and kept; the check of who may have it runs on every request.
 */
export function takeawayFileRoutes(createContext: (c: Context) => TContext | Promise<TContext>) {
  const app = new Hono();
  const rendered = new Map<string, Promise<Buffer>>();

  app.get('/trainings/takeaway/:slug', async (c) => {
    const ctx = await createContext(c);
    // A link on another site does not download with the person's session (context.ts).
    // An insurer API key opens the insurer's calls only (ADR 035).
    if (ctx.apiKeyPresented) return fileRouteFailure(c, ctx, 403, 'FORBIDDEN', 'api_key.scope');
    if (ctx.csrfRejected) return fileRouteFailure(c, ctx, 403, 'FORBIDDEN', 'errors.CSRF');
    if (!ctx.user) return fileRouteFailure(c, ctx, 401, 'AUTHORIZATION_REQUIRED', 'errors.AUTHORIZATION_REQUIRED');
    const lang = fileLanguage(c, ctx.user);
    let sheet: Awaited<ReturnType<typeof takeawayForDownload>>;
    try {
      sheet = await takeawayForDownload(ctx.db, ctx.user, c.req.param('slug'), lang);
    } catch (error) {
      if (error instanceof DomainError) return fileRouteFailure(c, ctx, 404, 'NOT_FOUND', 'errors.NOT_FOUND');
      throw error;
    }
    const key = `${sheet.slug}:${lang}`;
    let pdf = rendered.get(key);
    if (!pdf) {
      pdf = renderTakeawayPdf({ ...sheet, imageSvg: readFileSync(sheet.imagePath, 'utf8') }, lang);
      // A failed render is not kept: the next request tries again.
      pdf.catch(() => rendered.delete(key));
      rendered.set(key, pdf);
    }
    const file = `${createTranslator(lang)('takeaway.file_name')}-${sheet.slug}.pdf`;
    return c.body(new Uint8Array(await pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file}"`,
      'Cache-Control': 'private, no-store',
    });
  });
  return app;
}
