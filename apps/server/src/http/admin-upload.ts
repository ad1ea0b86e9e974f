import type { TContext } from '@portal/api';
import {
  DomainError,
  importEmployeeList,
  parseEmployeeCsv,
  previewEmployeeList,
  type TDomainErrorKind,
} from '@portal/core';
import type { TMessageKey } from '@portal/i18n';
import { type Context, Hono } from 'hono';

type TStatus = 400 | 401 | 403 | 404 | 409 | 429;
const STATUS: Record<TDomainErrorKind, TStatus> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
};

/**
 * `POST /api/admin/upload-employee-list` (multipart: `file`, `companyId`, `confirm`), the admin's
 * upload of a policyholder's employee list (ADR 018); a plain Hono route because it takes a file.
 * Without `confirm=true` it answers the preview (per-row status: new, existing, invalid with
 * reasons) and stores nothing; with it, the all-or-nothing import runs and the answer is the
 * result metadata with the per-row report. Errors follow the REST error contract.
 */
export function adminUploadRoutes(createContext: (c: Context) => TContext | Promise<TContext>) {
  const app = new Hono();
  app.post('/admin/upload-employee-list', async (c) => {
    const ctx = await createContext(c);
    const fail = (status: TStatus, code: string, messageKey: TMessageKey) =>
      c.json({ success: false, code, message: ctx.t(messageKey), messageKey, issues: null }, status);
    // An insurer API key opens the insurer's calls only (ADR 035).
    if (ctx.apiKeyPresented) return fail(403, 'FORBIDDEN', 'api_key.scope');
    if (ctx.csrfRejected) return fail(403, 'FORBIDDEN', 'errors.CSRF');
    if (!ctx.user) return fail(401, 'AUTHORIZATION_REQUIRED', 'errors.AUTHORIZATION_REQUIRED');
    const admin = ctx.user;
    if (admin.role !== 'admin') return fail(404, 'NOT_FOUND', 'errors.NOT_FOUND');

    // A body over the upload limit never gets here: requestBodyLimit() (body-limit.ts) answers 413.
    const form = await c.req.formData().catch(() => null);
    const file = form?.get('file');
    if (!(file instanceof File)) return fail(400, 'BAD_REQUEST', 'upload.file_type');
    const companyId = String(form?.get('companyId') ?? '').trim();
    if (companyId === '' || companyId.length > 64) {
      return fail(400, 'BAD_REQUEST', 'admin_upload.choose_company_first');
    }
    const filename = file.name.slice(0, 200);
    const parsed = parseEmployeeCsv(new Uint8Array(await file.arrayBuffer()), file.name);

    try {
      if (form?.get('confirm') !== 'true') {
        const preview = await previewEmployeeList(ctx.db, companyId, parsed);
        const message = parsed.problem ? ctx.t(`upload.${parsed.problem}`) : null;
        return c.json({ problem: parsed.problem, message, filename, companyId, ...preview });
      }
      if (parsed.problem) return fail(400, 'BAD_REQUEST', `upload.${parsed.problem}`);
      const result = await importEmployeeList(
        ctx.db,
        admin,
        { companyId, rows: parsed.rows, filename },
        { ip: ctx.ip, userAgent: ctx.userAgent, publicUrl: ctx.config.publicUrl },
      );
      return c.json(result);
    } catch (error) {
      if (error instanceof DomainError) return fail(STATUS[error.kind], error.kind, error.messageKey);
      throw error;
    }
  });
  return app;
}
