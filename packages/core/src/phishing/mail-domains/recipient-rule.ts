import { and, companyMailDomains, eq, inArray, isNotNull, not, type TDb, users } from '@portal/db';
import { mailDomainOf } from '@portal/validators';
import { audienceRule } from '../audience-rule.ts';
import type { TCampaignAudience } from '../campaign-types.ts';

/**
 * Why a person of the company gets no simulated mail (DECISIONS.md, "Trust in who registers"):
 * the address is not on a domain the company has proven, or the person has not accepted the
 * invitation yet (never set a password: `users.active`).
 */
export type TRecipientBar = 'domain_unproven' | 'invitation_open';

/** The rule itself; null: the person may get simulations. */
export function recipientBar(
  person: { email: string; active: boolean },
  proven: ReadonlySet<string>,
): TRecipientBar | null {
  const domain = mailDomainOf(person.email);
  if (domain === null || !proven.has(domain)) return 'domain_unproven';
  if (!person.active) return 'invitation_open';
  return null;
}

/** The proven domains of each of the companies (a company without one maps to an empty set). */
export async function provenDomains(db: TDb, companyIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const byCompany = new Map(companyIds.map((id) => [id, new Set<string>()]));
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .select({ companyId: companyMailDomains.companyId, domain: companyMailDomains.domain })
    .from(companyMailDomains)
    .where(
      and(inArray(companyMailDomains.companyId, [...new Set(companyIds)]), isNotNull(companyMailDomains.verifiedAt)),
    );
  for (const row of rows) byCompany.get(row.companyId)?.add(row.domain);
  return byCompany;
}

/** At most this many unproven domains are named; the rest are counted in `unprovenPeople` only. */
const NAMED_DOMAINS = 20;

export interface TAudienceReach {
  /** People of the audience (the company's, not blocked). */
  people: number;
  /** Of them, those who may get simulations. */
  reachable: number;
  /** People on a domain the company has not proven. */
  unprovenPeople: number;
  /** The unproven domains with their people, most people first (at most 20). */
  unprovenDomains: { domain: string; people: number }[];
  /** People on a proven domain who have not accepted their invitation. */
  invitationOpen: number;
}

/**
 * Who of an audience simulations reach now, and why the others are left out (issue 37): what the
 * editor shows before a start, and what a start refuses on when nobody is left.
 */
export async function audienceReach(db: TDb, companyId: string, audience: TCampaignAudience): Promise<TAudienceReach> {
  const people = await db
    .select({ email: users.email, active: users.active })
    .from(users)
    .where(and(eq(users.companyId, companyId), audienceRule(audience), not(users.locked)));
  const proven = (await provenDomains(db, [companyId])).get(companyId) ?? new Set<string>();
  const unproven = new Map<string, number>();
  let invitationOpen = 0;
  for (const person of people) {
    const bar = recipientBar(person, proven);
    if (bar === 'invitation_open') invitationOpen += 1;
    if (bar === 'domain_unproven') {
      const domain = mailDomainOf(person.email) ?? '?';
      unproven.set(domain, (unproven.get(domain) ?? 0) + 1);
    }
  }
  const unprovenPeople = [...unproven.values()].reduce((sum, n) => sum + n, 0);
  return {
    people: people.length,
    reachable: people.length - unprovenPeople - invitationOpen,
    unprovenPeople,
    unprovenDomains: [...unproven.entries()]
      .map(([domain, n]) => ({ domain, people: n }))
      .sort((x, y) => y.people - x.people || x.domain.localeCompare(y.domain))
      .slice(0, NAMED_DOMAINS),
    invitationOpen,
  };
}
