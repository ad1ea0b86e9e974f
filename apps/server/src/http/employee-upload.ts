import type { TContext } from '@portal/api';
import { DomainError, parseEmployeeCsv, submitUploadRequest } from '@portal/core';
import type { TMessageKey } from '@portal/i18n';
import { ZEmail } from '@portal/validators';
import { type Context, Hono } from 'hono';

/**
 * `POST /api/employee/upload-employee-list` (multipart: `file`, `confirm`, optional `cc`), a plain
 * Hono route because it takes a file. Without `confirm=true` it answers the preview (per-row
 * validation) and stores nothing; with it, the list becomes an upload request for the provider
 * and the policyholder gets the confirmation mail. Errors follow the REST error contract.
 */
export function employeeUploadRoutes(createContext: (c: Context) => TContext | Promise<TContext>) {
  const app = new Hono();
  const handle = async (c: Context, options: { alwaysConfirm: boolean }) => {
    const ctx = await createContext(c);
    const fail = (status: 400 | 401 | 403 | 404, code: string, messageKey: TMessageKey) =>
      c.json({ success: false, code, message: ctx.t(messageKey), messageKey, issues: null }, status);
    // An insurer API key opens the insurer's calls only (ADR 035).
    if (ctx.apiKeyPresented) return fail(403, 'FORBIDDEN', 'api_key.scope');
    if (ctx.csrfRejected) return fail(403, 'FORBIDDEN', 'errors.CSRF');
    if (!ctx.user) return fail(401, 'AUTHORIZATION_REQUIRED', 'errors.AUTHORIZATION_REQUIRED');
    const user = ctx.user;
    if (user.role !== 'employer' || !user.companyId) return fail(404, 'NOT_FOUND', 'errors.NOT_FOUND');
    // Read with the session, as the procedures' company rule does (packages/api/src/trpc.ts).
    if (!ctx.companyAvvAccepted) return fail(403, 'FORBIDDEN', 'errors.actions_blocked');
    // An upload invites people and mails a cc: a confirmed registration only (issue 37).
    if (!ctx.companyConfirmed) return fail(403, 'FORBIDDEN', 'errors.email_unconfirmed');

    // A body over the upload limit never gets here: requestBodyLimit() (body-limit.ts) answers 413.
    const form = await c.req.formData().catch(() => null);
    const file = form?.get('file');
    if (!(file instanceof File)) return fail(400, 'BAD_REQUEST', 'upload.file_type');
    const parsed = parseEmployeeCsv(new Uint8Array(await file.arrayBuffer()), file.name);
    const ccRaw = String(form?.get('cc') ?? '').trim();
    const cc = ccRaw === '' ? null : ZEmail.safeParse(ccRaw);
    if (cc && !cc.success) return fail(400, 'BAD_REQUEST', 'validation.email_invalid');

    if (!options.alwaysConfirm && form?.get('confirm') !== 'true') {
      return c.json({ ...parsed, message: parsed.problem ? ctx.t(`upload.${parsed.problem}`) : null });
    }
    try {
      const result = await submitUploadRequest(
        ctx.db,
        { ...user, companyId: user.companyId },
        { filename: file.name.slice(0, 200), parsed, cc: cc?.success ? cc.data : null },
        { ip: ctx.ip, userAgent: ctx.userAgent },
      );
      return c.json(result);
    } catch (error) {
      if (error instanceof DomainError) {
        const status = error.kind === 'FORBIDDEN' ? 403 : 400;
        return fail(status, error.kind, error.messageKey);
      }
      throw error;
    }
  };
  app.post('/employee/upload-employee-list', (c) => handle(c, { alwaysConfirm: false }));
  // Spec §7 `POST /pdf/upload-file`: the same list, stored at once (no preview step).
  app.post('/pdf/upload-file', (c) => handle(c, { alwaysConfirm: true }));
  return app;
}
