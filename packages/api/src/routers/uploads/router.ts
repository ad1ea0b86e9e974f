import type { TRPCRouterRecord } from '@trpc/server';
import { getQueueItemProcedure } from './get-queue-item.ts';
import { importFromQueueProcedure } from './import-from-queue.ts';
import { listQueueProcedure } from './list-queue.ts';
import { rejectUploadProcedure } from './reject-upload.ts';
import { searchCompaniesProcedure } from './search-companies.ts';
import { sendInformationMailProcedure } from './send-information-mail.ts';

/**
 * The admin's employee-list uploads (ADR 018) under /api/admin/uploads. The file itself arrives
 * through the plain multipart route `POST /api/admin/upload-employee-list`
 * (apps/server/src/http/admin-upload.ts); these calls serve the picker, the queue of employer
 * requests and the information mail.
 */
export const uploadsRouter = {
  searchCompanies: searchCompaniesProcedure,
  queue: listQueueProcedure,
  queueItem: getQueueItemProcedure,
  importFromQueue: importFromQueueProcedure,
  reject: rejectUploadProcedure,
  sendInformationMail: sendInformationMailProcedure,
} satisfies TRPCRouterRecord;
