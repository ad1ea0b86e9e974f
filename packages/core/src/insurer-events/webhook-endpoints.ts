import { and, desc, eq, isNull, jobs, like, type TDatabase, type TDb, transaction, webhookEndpoints } from '@portal/db';
import { audit } from '../audit/audit.ts';
import type { TRequestMeta } from '../auth/login.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { sealTotpSecret } from '../auth/totp-secret-seal.ts';
import { DomainError, notFound } from '../errors.ts';
import { generateSecret } from '../tokens.ts';
import { endpointSealId } from './webhook-delivery.ts';
import { type TWebhookUrlRules, webhookUrlProblem } from './webhook-url.ts';

/** Deliveries shown per endpoint in the admins' list: the newest ones. */
const LOG_SIZE = 10;

export interface TWebhookEndpointItem {
  id: string;
  name: string;
  url: string;
  createdAt: string;
  removedAt: string | null;
  /** The newest deliveries: the job queue's records (ADR 032) are the delivery log. */
  deliveries: {
    eventId: string;
    status: 'pending' | 'done' | 'failed';
    attempts: number;
    lastError: string | null;
    at: string;
  }[];
}

export async function listWebhookEndpoints(db: TDb): Promise<TWebhookEndpointItem[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), webhookEndpoints.id);
  const items: TWebhookEndpointItem[] = [];
  for (const row of rows) {
    const deliveries = await db
      .select({
        key: jobs.key,
        status: jobs.status,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
        createdAt: jobs.createdAt,
        finishedAt: jobs.finishedAt,
      })
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook'), like(jobs.key, `webhook:%:${row.id}`)))
      .orderBy(desc(jobs.createdAt))
      .limit(LOG_SIZE);
    items.push({
      id: row.id,
      name: row.name,
      url: row.url,
      createdAt: row.createdAt.toISOString(),
      removedAt: row.removedAt?.toISOString() ?? null,
      deliveries: deliveries.map((job) => ({
        eventId: job.key.split(':')[1] ?? '',
        status: job.status,
        attempts: job.attempts,
        lastError: job.lastError,
        at: (job.finishedAt ?? job.createdAt).toISOString(),
      })),
    });
  }
  return items;
}

/** Registers an endpoint and answers its signing secret, shown this once. */
export async function createWebhookEndpoint(
  db: TDatabase,
  actor: TSessionUser,
  input: { name: string; url: string },
  options: { totpKey: Buffer; rules: TWebhookUrlRules; meta: TRequestMeta },
) {
  if (actor.role !== 'admin') throw notFound();
  const problem = webhookUrlProblem(input.url, options.rules);
  if (problem) throw new DomainError('BAD_REQUEST', problem);
  const id = crypto.randomUUID();
  const secret = `whsec_${generateSecret(32)}`;
  // Read committed: one insert of a new random id and its audit entry.
  await transaction(db, async (tx) => {
    await tx.insert(webhookEndpoints).values({
      id,
      name: input.name,
      url: input.url,
      secretSealed: sealTotpSecret(options.totpKey, endpointSealId(id), secret),
      createdBy: actor.id,
    });
    await audit(tx, {
      action: 'webhook.created',
      actorId: actor.id,
      actorRole: actor.role,
      targetId: id,
      ip: options.meta.ip,
      details: { url: input.url },
    });
  });
  return { id, secret };
}

/** Stops deliveries to an endpoint from now on; its log stays. */
export async function removeWebhookEndpoint(db: TDatabase, actor: TSessionUser, id: string, meta: TRequestMeta) {
  if (actor.role !== 'admin') throw notFound();
  // Read committed: one conditional update; a second removal finds it done.
  return transaction(db, async (tx) => {
    const removed = await tx
      .update(webhookEndpoints)
      .set({ removedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.removedAt)))
      .returning({ id: webhookEndpoints.id });
    if (removed.length === 0) {
      const [exists] = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id));
      if (!exists) throw notFound();
      return { removed: true as const };
    }
    await audit(tx, { action: 'webhook.removed', actorId: actor.id, actorRole: actor.role, targetId: id, ip: meta.ip });
    return { removed: true as const };
  });
}
