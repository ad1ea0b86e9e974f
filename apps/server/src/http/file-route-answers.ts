import type { TContext } from '@portal/api';
import type { TLocale, TMessageKey } from '@portal/i18n';
import type { Context } from 'hono';

/*
 * What the plain Hono routes that answer files (certificates, take-away sheets) share with the
 * API: its error body, not cached (spec §7), and the language from `?lang=` or the viewer's own.
 */
export const fileRouteFailure = (
  c: Context,
  ctx: TContext,
  status: 401 | 403 | 404,
  code: string,
  messageKey: TMessageKey,
) =>
  c.json({ success: false, code, message: ctx.t(messageKey), messageKey, issues: null }, status, {
    'Cache-Control': 'no-store',
  });

export function fileLanguage(c: Context, viewer: { lang: TLocale }): TLocale {
  const asked = c.req.query('lang');
  return asked === 'de' || asked === 'en' ? asked : viewer.lang;
}
