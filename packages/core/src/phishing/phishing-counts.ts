import { inArray, phishingMessages, type SQL, sql } from '@portal/db';
import type { TPhishingCounts } from './campaign-types.ts';
import { phishingCatalog, phishingTemplate } from './phishing-catalog.ts';

/*
 * Counting a campaign's people per event (ADR 036: people, not events), shared by the campaign
 * pages and the admins' view across customers. Not exported from the package.
 */

/*
 * "Submitted" (a form sent on the imitation sign-in page) exists only for templates that have such
 * a page (`landing: 'sign-in'`, issue 37.7): the tracking refuses to mark it for any other
 * (tracking.ts), it is counted only for mails of those templates, and its share is of those mails
 * (`signInSent`), never of all mails. Where no such mail went out, there is no share.
 */

/** Whether a template's click leads to an imitation sign-in page, the only place a form is sent. */
export const hasSignInPage = (slug: string) => phishingTemplate(slug)?.meta.landing === 'sign-in';

/** The templates with a sign-in page, from the catalogue (read once per process). */
export const signInTemplateSlugs = (): string[] =>
  [...phishingCatalog().values()].filter((template) => template.meta.landing === 'sign-in').map((t) => t.meta.slug);

/** A message of a template with a sign-in page, as a condition on `phishing_messages`. */
export function ofSignInTemplate(): SQL {
  const slugs = signInTemplateSlugs();
  return slugs.length === 0 ? sql`1 = 0` : inArray(phishingMessages.templateSlug, slugs);
}

/** Built per call: the bound tables are read only after a database is open (tables-at-load.test.ts). */
export const countColumns = () => {
  const signIn = ofSignInTemplate();
  return {
    planned: sql<number>`count(*)`,
    sent: sql<number>`count(${phishingMessages.sentAt})`,
    signInSent: sql<number>`count(case when ${signIn} then ${phishingMessages.sentAt} end)`,
    opened: sql<number>`count(${phishingMessages.openedAt})`,
    clicked: sql<number>`count(${phishingMessages.clickedAt})`,
    // A mark on another template (from before the tracking refused it) is not counted.
    submitted: sql<number>`count(case when ${signIn} then ${phishingMessages.submittedAt} end)`,
    reported: sql<number>`count(${phishingMessages.reportedAt})`,
  };
};
export const numbers = (row: Record<keyof TPhishingCounts, number | string>): TPhishingCounts => ({
  planned: Number(row.planned),
  sent: Number(row.sent),
  signInSent: Number(row.signInSent),
  opened: Number(row.opened),
  clicked: Number(row.clicked),
  submitted: Number(row.submitted),
  reported: Number(row.reported),
});
export const emptyCounts = (): TPhishingCounts => ({
  planned: 0,
  sent: 0,
  signInSent: 0,
  opened: 0,
  clicked: 0,
  submitted: 0,
  reported: 0,
});
export const addCounts = (sum: TPhishingCounts, counts: TPhishingCounts): TPhishingCounts => ({
  planned: sum.planned + counts.planned,
  sent: sum.sent + counts.sent,
  signInSent: sum.signInSent + counts.signInSent,
  opened: sum.opened + counts.opened,
  clicked: sum.clicked + counts.clicked,
  submitted: sum.submitted + counts.submitted,
  reported: sum.reported + counts.reported,
});

/**
 * A campaign's retired totals (messages the retention job deleted) as far as they count for
 * "submitted": the totals do not say which template each mail had, so they count only where
 * every template of the campaign has a sign-in page; otherwise neither its submitted nor its mails
 * enter that share (its other figures stay whole).
 */
export function retiredSignIn(campaign: { templates: string; retiredSent: number; retiredSubmitted: number }): {
  signInSent: number;
  submitted: number;
} {
  const templates = JSON.parse(campaign.templates) as string[];
  const allSignIn = templates.length > 0 && templates.every(hasSignInPage);
  return allSignIn
    ? { signInSent: campaign.retiredSent, submitted: campaign.retiredSubmitted }
    : { signInSent: 0, submitted: 0 };
}

/** retiredSignIn summed per company, over the given campaigns. */
export function retiredSignInByCompany(
  campaigns: readonly { companyId: string; templates: string; retiredSent: number; retiredSubmitted: number }[],
): Map<string, { signInSent: number; submitted: number }> {
  const sums = new Map<string, { signInSent: number; submitted: number }>();
  for (const campaign of campaigns) {
    const sum = sums.get(campaign.companyId) ?? { signInSent: 0, submitted: 0 };
    const part = retiredSignIn(campaign);
    sums.set(campaign.companyId, {
      signInSent: sum.signInSent + part.signInSent,
      submitted: sum.submitted + part.submitted,
    });
  }
  return sums;
}

/** A share in whole per cent, rounded as the campaign pages round; null without a base. */
export const percentOf = (count: number, base: number) => (base === 0 ? null : Math.round((count * 100) / base));
/** Cancelled messages were never sent: they count nowhere. */
export const live = () => sql`${phishingMessages.cancelledAt} is null`;
