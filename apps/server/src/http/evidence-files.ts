import type { TContext } from '@portal/api';
import {
  DomainError,
  employerEvidencePack,
  insurerEvidencePack,
  recordEvidenceDownload,
  type TEvidencePack,
  type TSessionUser,
} from '@portal/core';
import type { TLocale } from '@portal/i18n';
import { type Context, Hono } from 'hono';
import { evidenceFileName, evidenceZip } from '../pdf/evidence-zip.ts';
import { fileLanguage, fileRouteFailure } from './file-route-answers.ts';

/**
 * The evidence pack (ADR 035, issue 23 point 3), plain Hono routes because they answer a file:
 * - `GET /api/insurer/evidence/{companyId}`: the insurer's pack of any policy, company level only;
 * - `GET /api/company/evidence`: the employer's pack of their own company, with the staff's
 *   personal certificates. Its company comes from the session, so no id can point elsewhere.
 * Wrong roles and unknown companies get 404, as on the other file routes; a company whose AVV is
 * not accepted gets the company calls' 403 `errors.actions_blocked`. An insurer API key never
 * gets here: the /api door refuses it on every route but the two key calls (api-key-calls.ts),
 * and this file refuses it once more. `?lang=de|en` picks the language, otherwise the viewer's.
 */
export function evidenceFileRoutes(createContext: (c: Context) => TContext | Promise<TContext>, publicUrl: string) {
  const app = new Hono();

  const serve = async (
    c: Context,
    variant: 'insurer' | 'employer',
    gather: (db: TContext['db'], user: TSessionUser, lang: TLocale) => Promise<TEvidencePack>,
  ) => {
    const ctx = await createContext(c);
    // An insurer API key opens the insurer's two key calls only (ADR 035).
    if (ctx.apiKeyPresented) return fileRouteFailure(c, ctx, 403, 'FORBIDDEN', 'api_key.scope');
    // A link on another site does not download with the person's session (context.ts).
    if (ctx.csrfRejected) return fileRouteFailure(c, ctx, 403, 'FORBIDDEN', 'errors.CSRF');
    const user = ctx.user;
    if (!user) return fileRouteFailure(c, ctx, 401, 'AUTHORIZATION_REQUIRED', 'errors.AUTHORIZATION_REQUIRED');
    // Read with the session, as the procedures' company rule does (packages/api/src/trpc.ts).
    if (variant === 'employer' && user.role === 'employer' && user.companyId && !ctx.companyAvvAccepted) {
      return fileRouteFailure(c, ctx, 403, 'FORBIDDEN', 'errors.actions_blocked');
    }
    const lang = fileLanguage(c, user);
    let pack: TEvidencePack;
    try {
      pack = await gather(ctx.db, user, lang);
    } catch (error) {
      if (error instanceof DomainError) return fileRouteFailure(c, ctx, 404, 'NOT_FOUND', 'errors.NOT_FOUND');
      throw error;
    }
    const zip = await evidenceZip(pack);
    // Written before the file leaves: a pack the log does not show is not handed out.
    await recordEvidenceDownload(ctx.db, user, { companyId: pack.companyId, variant, lang }, { ip: ctx.ip });
    return c.body(zip, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${evidenceFileName(pack)}"`,
      'Cache-Control': 'private, no-store',
    });
  };

  app.get('/insurer/evidence/:companyId', (c) =>
    serve(c, 'insurer', (db, user, lang) =>
      insurerEvidencePack(db, user, c.req.param('companyId'), { lang, publicUrl }),
    ),
  );
  app.get('/company/evidence', (c) =>
    serve(c, 'employer', (db, user, lang) => employerEvidencePack(db, user, { lang, publicUrl })),
  );
  return app;
}
