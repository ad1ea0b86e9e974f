import type { RouterOutputs } from '@portal/api';

export type TImportResult = RouterOutputs['uploads']['importFromQueue'];
export type TPreviewRow = RouterOutputs['uploads']['queueItem']['rows'][number];
export type TPreviewSummary = RouterOutputs['uploads']['queueItem']['summary'];
export type TReportRow = TImportResult['report'][number];
export type TCompanyOption = RouterOutputs['uploads']['searchCompanies'][number];
export type TQueueEntry = RouterOutputs['uploads']['queue'][number];

/** The preview answer of `POST /api/admin/upload-employee-list` (a plain route, so typed here). */
export interface TFilePreview {
  problem: string | null;
  message: string | null;
  filename: string;
  companyId: string;
  companyName: string;
  orderProcessing: boolean;
  rows: TPreviewRow[];
  summary: TPreviewSummary;
}

/** The REST error contract. */
export interface TErrorBody {
  success: false;
  code: string;
  message: string;
  messageKey: string;
}
