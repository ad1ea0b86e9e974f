import type { TRPCRouterRecord } from '@trpc/server';
import { sendUploadConfirmationProcedure } from './send-upload-confirmation.ts';

/** Calls under /api/pdf (the spec's names); the file routes themselves are plain Hono routes. */
export const pdfRouter = {
  sendUploadConfirmation: sendUploadConfirmationProcedure,
} satisfies TRPCRouterRecord;
