import type { Resolver } from 'node:dns/promises';
import { and, companyMailDomains, eq, isNull, type TDatabase, transaction } from '@portal/db';
import { audit } from '../../audit/audit.ts';
import { DomainError } from '../../errors.ts';
import { countInWindow } from '../../throttle/minute-window.ts';
import { actorAudit, type TCampaignActor } from '../campaign-types.ts';
import { findMailDomain, type TMailDomainView } from './mail-domains.ts';

/** Checks per company and window, over all processes: the portal must not be a way to hammer a DNS server. */
export const MAIL_DOMAIN_CHECKS = 10;
export const MAIL_DOMAIN_CHECK_WINDOW_MS = 10 * 60 * 1000;

/**
 * What a check found: the value (`proven`), no record at the name (`not_found`: the name does not
 * exist or has no TXT record), TXT records without the value (`other_value`), or no answer the
 * check can rely on (`dns_error`: a timeout, a refusal, a server failure).
 */
export type TMailDomainCheckOutcome = 'proven' | 'not_found' | 'other_value' | 'dns_error';

/** The resolver's part a check uses; `createResolver(DNS_SERVERS)` in the portal. */
export type TTxtResolver = Pick<Resolver, 'resolveTxt'>;

/** The TXT records at `name` against the value to find. */
export async function lookUpProof(
  resolver: TTxtResolver,
  name: string,
  value: string,
): Promise<TMailDomainCheckOutcome> {
  let records: string[][];
  try {
    records = await resolver.resolveTxt(name);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // NXDOMAIN, or the name exists without a TXT record.
    return code === 'ENOTFOUND' || code === 'ENODATA' ? 'not_found' : 'dns_error';
  }
  if (records.length === 0) return 'not_found';
  // A long TXT record arrives in character-strings of at most 255 bytes: they make one value.
  return records.some((chunks) => chunks.join('').trim() === value) ? 'proven' : 'other_value';
}

/**
 * "Check now" (issue 37): looks up the domain's TXT record through the configured resolver and
 * marks the domain proven when a record holds exactly its verification value. A proven domain
 * stays proven and is not looked up again. Each lookup counts against the company's limit
 * (`MAIL_DOMAIN_CHECKS` per ten minutes, in the throttle table, so over all processes) before any
 * DNS question is asked; a refusal is 429 with the minutes to wait.
 */
export async function checkMailDomain(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  id: string,
  options: { resolver: TTxtResolver; now: Date },
): Promise<{ domain: TMailDomainView; outcome: TMailDomainCheckOutcome }> {
  const { now } = options;
  const domain = await findMailDomain(db, companyId, id);
  if (domain.verifiedAt) return { domain, outcome: 'proven' };
  // Read committed: the upsert counts the check in SQL (ADR 004's mechanism); committed before the
  // lookup, so a check that fails or times out still counts.
  const claim = await transaction(db, (tx) =>
    countInWindow(tx, `mail-domain-check:${companyId}`, MAIL_DOMAIN_CHECKS, MAIL_DOMAIN_CHECK_WINDOW_MS, now),
  );
  if (!claim.allowed) {
    throw new DomainError('TOO_MANY_REQUESTS', 'mail_domains.check_limit', {
      minutes: Math.max(1, Math.ceil(claim.retryAfterSeconds / 60)),
    });
  }
  // Outside any transaction: the lookup may take seconds (ADR 028).
  const outcome = await lookUpProof(options.resolver, domain.record.name, domain.record.value);
  // Read committed: the proof is set only while none is, so two racing checks audit it once.
  await transaction(db, async (tx) => {
    const scope = and(eq(companyMailDomains.id, id), eq(companyMailDomains.companyId, companyId));
    if (outcome === 'proven') {
      const proven = await tx
        .update(companyMailDomains)
        .set({ verifiedAt: now, lastCheckedAt: now })
        .where(and(scope, isNull(companyMailDomains.verifiedAt)))
        .returning({ id: companyMailDomains.id });
      if (proven.length > 0) {
        await audit(tx, {
          action: 'phishing.domain_verified',
          ...actorAudit(actor, companyId, id),
          details: { domain: domain.domain },
        });
      }
    } else {
      await tx.update(companyMailDomains).set({ lastCheckedAt: now }).where(scope);
    }
  });
  return { domain: await findMailDomain(db, companyId, id), outcome };
}
