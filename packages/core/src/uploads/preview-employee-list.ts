import type { TDb } from '@portal/db';
import { companyHasOrderProcessing } from '../avv/order-processing.ts';
import type { TParsedCsv } from '../employees/employee-csv.ts';
import { classifyRows, summariseRows, type TClassifiedRow, type TRowSummary } from './classify-rows.ts';
import { importContext } from './import-context.ts';

export interface TUploadPreview {
  companyName: string;
  /** Without the AVV the import is refused; the preview says so before anyone confirms. */
  orderProcessing: boolean;
  rows: TClassifiedRow[];
  summary: TRowSummary;
}

/** What an import of this file would do for the company today; stores nothing. */
export async function previewEmployeeList(db: TDb, companyId: string, parsed: TParsedCsv): Promise<TUploadPreview> {
  const { companyName } = await importContext(db, companyId);
  const rows = await classifyRows(db, companyId, parsed.rows);
  const orderProcessing = await companyHasOrderProcessing(db, companyId);
  return { companyName, orderProcessing, rows, summary: summariseRows(rows) };
}
