import {
  and,
  asc,
  companyMailDomains,
  count,
  eq,
  type TDatabase,
  type TDb,
  type TTransaction,
  transaction,
} from '@portal/db';
import { normaliseMailDomain } from '@portal/validators';
import { audit } from '../../audit/audit.ts';
import { DomainError, isUniqueViolation, notFound } from '../../errors.ts';
import { generateSecret } from '../../tokens.ts';
import { actorAudit, type TCampaignActor } from '../campaign-types.ts';

/**
 * Where the proof is published (ADR 036, "Proven mail domains"): a TXT record at
 * `_portal-verification.<domain>`, beside the domain's own records (SPF, other services' proofs),
 * so that the answer holds our record only and a subdomain can be delegated for it.
 */
export const VERIFICATION_RECORD_PREFIX = '_portal-verification';
/** A company names at most this many domains (group companies have several, not hundreds). */
export const MAIL_DOMAINS_PER_COMPANY = 50;

export interface TMailDomainView {
  id: string;
  domain: string;
  /** When the TXT record was found; null while the domain waits for its proof. */
  verifiedAt: Date | null;
  lastCheckedAt: Date | null;
  createdAt: Date;
  /** The DNS record to publish, exactly. */
  record: { type: 'TXT'; name: string; value: string };
}

type TMailDomainRow = Pick<
  typeof companyMailDomains.$inferSelect,
  'id' | 'domain' | 'verification' | 'verifiedAt' | 'lastCheckedAt' | 'createdAt'
>;

const viewColumns = () => ({
  id: companyMailDomains.id,
  domain: companyMailDomains.domain,
  verification: companyMailDomains.verification,
  verifiedAt: companyMailDomains.verifiedAt,
  lastCheckedAt: companyMailDomains.lastCheckedAt,
  createdAt: companyMailDomains.createdAt,
});

export const recordName = (domain: string) => `${VERIFICATION_RECORD_PREFIX}.${domain}`;

export const mailDomainView = (row: TMailDomainRow): TMailDomainView => ({
  id: row.id,
  domain: row.domain,
  verifiedAt: row.verifiedAt,
  lastCheckedAt: row.lastCheckedAt,
  createdAt: row.createdAt,
  record: { type: 'TXT', name: recordName(row.domain), value: row.verification },
});

/** The company's mail domains with their state and the record each one needs, by name. */
export async function listMailDomains(db: TDb, companyId: string): Promise<TMailDomainView[]> {
  const rows = await db
    .select(viewColumns())
    .from(companyMailDomains)
    .where(eq(companyMailDomains.companyId, companyId))
    .orderBy(asc(companyMailDomains.domain));
  return rows.map(mailDomainView);
}

/** One domain of the company, or a 404 as for an id that does not exist (another company's too). */
export async function findMailDomain(db: TDb, companyId: string, id: string): Promise<TMailDomainView> {
  const [row] = await db
    .select(viewColumns())
    .from(companyMailDomains)
    .where(and(eq(companyMailDomains.id, id), eq(companyMailDomains.companyId, companyId)));
  if (!row) throw notFound();
  return mailDomainView(row);
}

/**
 * Adds a domain the company wants to send simulations to, waiting for its proof: the text as
 * `normaliseMailDomain` writes it (public mail services and IP literals refused with their own
 * message), and a new random verification value. Another company may have proven the same domain
 * (group companies): each proves it for itself, with its own value.
 */
export async function addMailDomain(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  input: string,
  now: Date,
): Promise<TMailDomainView> {
  const normalised = normaliseMailDomain(input);
  if ('problem' in normalised) throw new DomainError('BAD_REQUEST', normalised.problem);
  const { domain } = normalised;
  try {
    // Read committed: the unique (company, domain) decides between two adds of the same domain;
    // the cap is counted first, so two racing adds may pass it by one.
    return await transaction(db, async (tx) => {
      const [existing] = await tx
        .select({ n: count() })
        .from(companyMailDomains)
        .where(eq(companyMailDomains.companyId, companyId));
      if (Number(existing?.n ?? 0) >= MAIL_DOMAINS_PER_COMPANY) {
        throw new DomainError('BAD_REQUEST', 'mail_domains.too_many', { max: MAIL_DOMAINS_PER_COMPANY });
      }
      const [row] = await tx
        .insert(companyMailDomains)
        .values({ companyId, domain, verification: `portal-verification=${generateSecret(20)}`, createdAt: now })
        .returning(viewColumns());
      if (!row) throw new Error('the mail domain insert returned no row');
      await audit(tx, {
        action: 'phishing.domain_added',
        ...actorAudit(actor, companyId, row.id),
        details: { domain },
      });
      return mailDomainView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('CONFLICT', 'mail_domains.already_added', { domain });
    throw error;
  }
}

/**
 * Removes a domain: its people get no simulation from now on (the dispatcher asks again before
 * each mail, ADR 036), whatever campaigns already planned for them.
 */
export async function removeMailDomain(
  db: TDatabase,
  actor: TCampaignActor,
  companyId: string,
  id: string,
): Promise<void> {
  // Read committed: one conditional delete.
  await transaction(db, async (tx: TTransaction) => {
    const [removed] = await tx
      .delete(companyMailDomains)
      .where(and(eq(companyMailDomains.id, id), eq(companyMailDomains.companyId, companyId)))
      .returning({ domain: companyMailDomains.domain, verifiedAt: companyMailDomains.verifiedAt });
    if (!removed) throw notFound();
    await audit(tx, {
      action: 'phishing.domain_removed',
      ...actorAudit(actor, companyId, id),
      details: { domain: removed.domain, wasProven: removed.verifiedAt !== null },
    });
  });
}
