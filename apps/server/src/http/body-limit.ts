import { MAX_UPLOAD_BYTES } from '@portal/core';
import { createTranslator, localeFromAcceptLanguage } from '@portal/i18n';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** The largest JSON body a procedure accepts; the biggest real one (a CSV preview's rows) is far below. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** The upload routes take a multipart CSV of up to MAX_UPLOAD_BYTES plus the form's framing. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
const UPLOAD_PATHS = new Set([
  '/api/employee/upload-employee-list',
  '/api/pdf/upload-file',
  '/api/admin/upload-employee-list',
]);

/** 413 in the error shape of the layer that was called, translated like every other refusal. */
function tooLarge(c: Context) {
  const t = createTranslator(localeFromAcceptLanguage(c.req.header('accept-language') ?? null));
  // On the upload routes the body is a file: say so, with its limit.
  const messageKey = UPLOAD_PATHS.has(c.req.path) ? 'upload.too_large' : 'errors.PAYLOAD_TOO_LARGE';
  const message = t(messageKey);
  const headers = { 'Cache-Control': 'no-store', Connection: 'close' };
  if (c.req.path.startsWith('/trpc/')) {
    return c.json(
      {
        error: {
          message,
          code: -32600,
          data: {
            code: 'PAYLOAD_TOO_LARGE',
            httpStatus: 413,
            errorCode: 'PAYLOAD_TOO_LARGE',
            messageKey,
            issues: null,
          },
        },
      },
      413,
      headers,
    );
  }
  return c.json({ success: false, code: 'PAYLOAD_TOO_LARGE', message, messageKey, issues: null }, 413, headers);
}

const chunkedJson = bodyLimit({ maxSize: MAX_JSON_BODY_BYTES, onError: tooLarge });
const chunkedUpload = bodyLimit({ maxSize: MAX_UPLOAD_BODY_BYTES, onError: tooLarge });

/**
 * Refuses request bodies over the limit of their route before anything reads them, so a client
 * cannot make the server buffer an unbounded body. A declared length is checked from the header
 * (Node's parser holds the client to it), which keeps the common path free of the fetch Request
 * that Hono's own middleware would build; a chunked body is counted by that middleware as it
 * arrives.
 */
export function requestBodyLimit(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const upload = UPLOAD_PATHS.has(c.req.path);
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > (upload ? MAX_UPLOAD_BODY_BYTES : MAX_JSON_BODY_BYTES) ? tooLarge(c) : next();
    }
    return (upload ? chunkedUpload : chunkedJson)(c, next);
  };
}
