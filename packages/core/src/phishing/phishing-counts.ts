import { phishingMessages, sql } from '@portal/db';
import type { TPhishingCounts } from './campaign-types.ts';

/*
 * Counting a campaign's people per event (ADR 036: people, not events), shared by the campaign
 * pages and the admins' view across customers. Not exported from the package.
 */

/** Built per call: the bound tables are read only after a database is open (tables-at-load.test.ts). */
export const countColumns = () => ({
  planned: sql<number>`count(*)`,
  sent: sql<number>`count(${phishingMessages.sentAt})`,
  opened: sql<number>`count(${phishingMessages.openedAt})`,
  clicked: sql<number>`count(${phishingMessages.clickedAt})`,
  submitted: sql<number>`count(${phishingMessages.submittedAt})`,
  reported: sql<number>`count(${phishingMessages.reportedAt})`,
});
export const numbers = (row: Record<keyof TPhishingCounts, number | string>): TPhishingCounts => ({
  planned: Number(row.planned),
  sent: Number(row.sent),
  opened: Number(row.opened),
  clicked: Number(row.clicked),
  submitted: Number(row.submitted),
  reported: Number(row.reported),
});
export const emptyCounts = (): TPhishingCounts => ({
  planned: 0,
  sent: 0,
  opened: 0,
  clicked: 0,
  submitted: 0,
  reported: 0,
});
export const addCounts = (sum: TPhishingCounts, counts: TPhishingCounts): TPhishingCounts => ({
  planned: sum.planned + counts.planned,
  sent: sum.sent + counts.sent,
  opened: sum.opened + counts.opened,
  clicked: sum.clicked + counts.clicked,
  submitted: sum.submitted + counts.submitted,
  reported: sum.reported + counts.reported,
});
/** Cancelled messages were never sent: they count nowhere. */
export const live = () => sql`${phishingMessages.cancelledAt} is null`;
