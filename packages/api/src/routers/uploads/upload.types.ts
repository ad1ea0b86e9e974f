import { CSV_ROW_ERRORS } from '@portal/core';
import { z } from 'zod';

export const ZUploadId = z.object({ id: z.string().min(1).max(64) });

export const ZImportReason = z.enum([...CSV_ROW_ERRORS, 'email_taken']);

const ZRowBase = z.object({
  line: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** '' when the list names no team for the row. */
  team: z.string(),
  reasons: z.array(ZImportReason),
});

/** A row of a preview: what an import would do with it today. */
export const ZPreviewRow = ZRowBase.extend({ status: z.enum(['new', 'existing', 'invalid']) });

export const ZPreviewSummary = z.object({
  toCreate: z.number().int(),
  existing: z.number().int(),
  validationErrors: z.number().int(),
  handled: z.number().int(),
});

/** The admin issue's upload result metadata, with the per-row report. */
export const ZImportResult = z.object({
  uploadId: z.string(),
  existing: z.number().int(),
  created: z.number().int(),
  validationErrors: z.number().int(),
  handled: z.number().int(),
  report: z.array(ZRowBase.extend({ outcome: z.enum(['created', 'existing', 'invalid']) })),
});

export const ZQueueEntry = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  filename: z.string(),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  uploadedBy: z.string().nullable(),
  cc: z.string().nullable(),
  createdAt: z.string(),
});

export const toQueueEntry = <T extends { createdAt: Date }>(entry: T) => ({
  ...entry,
  createdAt: entry.createdAt.toISOString(),
});
