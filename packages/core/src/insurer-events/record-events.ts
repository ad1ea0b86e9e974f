import {
  and,
  certificates,
  companies,
  eq,
  insurerEvents,
  isNull,
  ne,
  rawRows,
  sql,
  type TDatabase,
  type TTransaction,
  transaction,
  webhookEndpoints,
} from '@portal/db';
import { enqueueJob } from '../jobs/queue.ts';

export type TInsurerEventKind = 'certificate_issued' | 'certificate_renewed' | 'certificate_expired';

/** Retries of one delivery: with the queue's backoff (1, 2, 4 … minutes, at most 6 h) about a day. */
export const WEBHOOK_MAX_ATTEMPTS = 12;

/**
 * Adds one event and, when this call added it, one delivery job per endpoint, in the caller's
 * transaction: the event exists exactly when its cause is committed. The unique (certificate,
 * kind) and the job keys `webhook:<event>:<endpoint>` make a second writer (another process, a
 * repeated job) add nothing.
 */
async function addEvent(
  tx: TTransaction,
  event: { kind: TInsurerEventKind; companyId: string; policyNumber: string; certificateId: string; validUntil: Date },
  now: Date,
): Promise<boolean> {
  const [added] = await tx
    .insert(insurerEvents)
    .values({ ...event, occurredAt: now })
    .onConflictDoNothing()
    .returning({ id: insurerEvents.id });
  if (!added) return false;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(isNull(webhookEndpoints.removedAt));
  for (const endpoint of endpoints) {
    await enqueueJob(tx, {
      kind: 'webhook',
      key: `webhook:${added.id}:${endpoint.id}`,
      runAt: now,
      payload: { eventId: added.id, endpointId: endpoint.id },
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    });
  }
  return true;
}

/**
 * A company certificate was just inserted (certificate-record.ts): the insurer hears of it as
 * issued, or as renewed when the company had one before. A company without a policy number is not
 * the insurer's policy: no event.
 */
export async function recordCertificateIssued(
  tx: TTransaction,
  certificate: { id: string; companyId: string; validUntil: Date },
  now: Date,
): Promise<void> {
  const [company] = await tx
    .select({ policyNumber: companies.insuranceNumber })
    .from(companies)
    .where(eq(companies.id, certificate.companyId));
  if (!company || company.policyNumber === '') return;
  const [earlier] = await tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(
      and(
        eq(certificates.companyId, certificate.companyId),
        eq(certificates.kind, 'company'),
        ne(certificates.id, certificate.id),
      ),
    )
    .limit(1);
  await addEvent(
    tx,
    {
      kind: earlier ? 'certificate_renewed' : 'certificate_issued',
      companyId: certificate.companyId,
      policyNumber: company.policyNumber,
      certificateId: certificate.id,
      validUntil: certificate.validUntil,
    },
    now,
  );
}

/**
 * The hourly look for proofs of insurance that have run out (job `insurer-events`): each company's
 * newest unrevoked company certificate whose `valid_until` has passed and that has no expiry event
 * yet. A company that was issued a new one in time has no such certificate. Running twice, or in
 * two processes, adds nothing twice.
 */
export async function recordExpiries(db: TDatabase, now: Date): Promise<{ expired: number }> {
  const due = await rawRows<{ id: string; companyId: string; policyNumber: string; validUntil: number | string }>(
    db,
    sql`select ce.id, ce.company_id as "companyId", c.insurance_number as "policyNumber", ce.valid_until as "validUntil"
          from certificates ce
          join companies c on c.id = ce.company_id
         where ce.kind = 'company' and ce.revoked_at is null and ce.valid_until <= ${now.getTime()}
           and c.insurance_number <> ''
           and ce.valid_until = (select max(n.valid_until) from certificates n
                                  where n.company_id = ce.company_id and n.kind = 'company' and n.revoked_at is null)
           and not exists (select 1 from insurer_events e
                            where e.certificate_id = ce.id and e.kind = 'certificate_expired')
         order by ce.valid_until
         limit 500`,
  );
  let expired = 0;
  for (const row of due) {
    // Read committed: one insert guarded by the unique (certificate, kind) and its jobs.
    const added = await transaction(db, (tx) =>
      addEvent(
        tx,
        {
          kind: 'certificate_expired',
          companyId: row.companyId,
          policyNumber: row.policyNumber,
          certificateId: row.id,
          validUntil: new Date(Number(row.validUntil)),
        },
        now,
      ),
    );
    if (added) expired += 1;
  }
  return { expired };
}
