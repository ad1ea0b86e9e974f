import { createHash } from 'node:crypto';
import { runReminders } from '@portal/core';
import { apiKeys, auditLog, courseAssignments, courseDueDates, eq, transaction } from '@portal/db';
import { createTranslator } from '@portal/i18n';
import { addDays, berlinDay } from '@portal/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDb,
  nextWorkingMorning,
  seedAdmin,
  seedEmployee,
  seedPolicyholder,
  sessionFor,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';
import type { TLogger } from '../logger.ts';

/*
 * Issue 23, point 2 (ADR 035): the insurer's systems read the portfolio with an API key. The key's
 * whole life over HTTP: created by an admin and shown once, used on the two policy calls (found,
 * unknown, malformed), refused on every other call, revoked, expired, and every call in the audit
 * log. The limit per key over several processes is in api-key-rate-limit.integration.test.ts.
 */

const de = createTranslator('de');
const en = createTranslator('en');
const quiet: TLogger = { info: () => {}, warn: () => {}, error: () => {} };

let t: TTestDb;
let app: ReturnType<typeof createApp>;
let adminToken: string;

beforeAll(async () => {
  t = await createTestDb();
  app = createApp({ db: t.db, config: t.config, logger: quiet, webDist: '/nonexistent/web/dist' });
  adminToken = (await sessionFor(t.db, await seedAdmin(t.db))).token;
});
afterAll(() => t.cleanup());

async function call(method: string, path: string, token: string, options: { body?: unknown; lang?: string } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.lang) headers['accept-language'] = options.lang;
  const response = await app.request(path, {
    method,
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
}

async function createKey(name: string, expiresOn?: string) {
  const created = await call('POST', '/api/admin/api-keys', adminToken, { body: { name, expiresOn } });
  expect(created.status).toBe(200);
  return created.body as { token: string; key: { id: string; prefix: string; state: string } };
}

const auditOf = (keyId: string) =>
  t.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.actorId, keyId))
    .orderBy(auditLog.id);

describe('insurer API keys over HTTP', () => {
  it('are created by an admin, shown once and stored as a hash; the list shows the start only', async () => {
    const { token, key } = await createKey('Bestandssystem');
    expect(token).toMatch(/^pk_[0-9a-f-]{36}_[a-z2-7]{52}$/);
    expect(token.startsWith(key.prefix)).toBe(true);
    const secret = token.slice(`pk_${key.id}_`.length);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    const list = await call('GET', '/api/admin/api-keys', adminToken);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(secret);
    expect(list.text).not.toContain(row?.secretHash);
    expect(list.body.items[0]).toMatchObject({ id: key.id, name: 'Bestandssystem', state: 'active', lastUsedAt: null });
    // Only admins create keys; the key itself cannot make one.
    const asKey = await call('POST', '/api/admin/api-keys', token, { body: { name: 'Nachschlüssel' } });
    expect(asKey.status).toBe(403);
    const past = await call('POST', '/api/admin/api-keys', adminToken, {
      body: { name: 'Alt', expiresOn: '2020-01-01' },
    });
    expect(past.status).toBe(400);
    expect(past.body.messageKey).toBe('api_keys.expiry_past');
    const empty = await call('POST', '/api/admin/api-keys', adminToken, { body: { name: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].messageKey).toBe('api_keys.name_required');
  });

  it('read the portfolio and one policy: found with the daily due counts, unknown 404, malformed 400', async () => {
    const { token } = await createKey('Abfrage');
    const company = await seedPolicyholder(t.db, 'Schlüssel GmbH', 'AS-7100000001');
    const late = await seedEmployee(t.db, company.companyId);
    const soon = await seedEmployee(t.db, company.companyId);
    // Due counts are the daily reminder run's: one on a working day ahead, with due dates around it.
    const day = nextWorkingMorning();
    const today = berlinDay(day);
    await transaction(t.db, async (tx) => {
      await tx.insert(courseAssignments).values([
        // Assigned ten days ago: a due date before the assignment would belong to an earlier round.
        { userId: late.id, courseSlug: 'malware', assignedAt: new Date(Date.now() - 10 * 86_400_000) },
        { userId: soon.id, courseSlug: 'byod' },
      ]);
      await tx.insert(courseDueDates).values([
        { companyId: company.companyId, courseSlug: 'malware', dueOn: addDays(today, -3), updatedAt: new Date() },
        { companyId: company.companyId, courseSlug: 'byod', dueOn: addDays(today, 2), updatedAt: new Date() },
      ]);
    });
    await runReminders(t.db, { now: day, publicUrl: 'https://portal.example' });

    const list = await call('GET', '/api/insurer/policies?search=AS-71&limit=10', token);
    expect(list.status).toBe(200);
    expect(list.body.items.map((row: { policyNumber: string }) => row.policyNumber)).toEqual(['AS-7100000001']);

    const one = await call('GET', '/api/insurer/policies/AS-7100000001', token);
    expect(one.status).toBe(200);
    expect(one.body.policyNumber).toBe('AS-7100000001');
    expect(one.body.policyholders).toHaveLength(1);
    expect(one.body.policyholders[0]).toMatchObject({
      companyName: 'Schlüssel GmbH',
      learners: 2,
      assignedCourses: 2,
      completedCourses: 0,
      due: { overdue: 1, dueSoon: 1, countedOn: today },
      certificate: { state: 'none' },
    });
    // Company level only.
    for (const person of [company, late, soon]) {
      expect(one.text).not.toContain(person.email);
      expect(one.text).not.toContain(person.lastname);
    }

    const unknown = await call('GET', '/api/insurer/policies/AS-7199999999', token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      messageKey: 'insurer.policy_not_found',
      message: de('insurer.policy_not_found'),
    });
    for (const malformed of ['AS-71', '7100000001', 'AS-71000000011', 'as-7100000001', 'AS-710000000x']) {
      const answer = await call('GET', `/api/insurer/policies/${malformed}`, token, { lang: 'en' });
      expect(answer.status, malformed).toBe(400);
      expect(answer.body.issues[0].messageKey).toBe('insurer.policy_number_invalid');
      expect(answer.body.issues[0].message).toBe(en('insurer.policy_number_invalid'));
    }
  });

  it('are refused with 403 api_key.scope on every call that is not the insurer’s', async () => {
    const { token } = await createKey('Falsche Tür');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/employee'],
      ['GET', '/api/admin/api-keys'],
      ['GET', '/api/admin/insurer-accounts'],
      ['POST', '/api/employee/login', { email: 'x@example.com', password: 'irrelevant-password' }],
      ['GET', '/api/certificates/pdf/ABCD-EFGH'],
      ['GET', '/api/trainings/get-course-overview'],
    ];
    for (const [method, path, body] of calls) {
      const answer = await call(method, path, token, { body, lang: 'en' });
      expect(answer.status, path).toBe(403);
      expect(answer.body.messageKey, path).toBe('api_key.scope');
      expect(answer.body.message, path).toBe(en('api_key.scope'));
    }
    // The web app's /trpc does not take keys either.
    const trpc = await app.request('/trpc/insurer.policies?input=%7B%7D', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(trpc.status).toBe(403);
  });

  it('answer 401 with their own message once revoked or expired, and 401 when unknown', async () => {
    const revoked = await createKey('Widerrufen');
    expect((await call('GET', '/api/insurer/policies', revoked.token)).status).toBe(200);
    const revoke = await call('POST', `/api/admin/api-keys/${revoked.key.id}/revoke`, adminToken);
    expect(revoke.status).toBe(200);
    // Revoking twice changes nothing; an unknown id is 404.
    expect((await call('POST', `/api/admin/api-keys/${revoked.key.id}/revoke`, adminToken)).status).toBe(200);
    expect((await call('POST', '/api/admin/api-keys/not-a-key/revoke', adminToken)).status).toBe(404);
    const afterRevoke = await call('GET', '/api/insurer/policies', revoked.token);
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body).toMatchObject({ messageKey: 'api_key.revoked', message: de('api_key.revoked') });

    const expiring = await createKey('Läuft ab', addDays(berlinDay(new Date()), 1));
    expect((await call('GET', '/api/insurer/policies/AS-7100000001', expiring.token)).status).toBe(200);
    await transaction(t.db, (tx) =>
      tx
        .update(apiKeys)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiKeys.id, expiring.key.id)),
    );
    const afterExpiry = await call('GET', '/api/insurer/policies/AS-7100000001', expiring.token);
    expect(afterExpiry.status).toBe(401);
    expect(afterExpiry.body.messageKey).toBe('api_key.expired');

    // A wrong secret for a real id, and a key of the wrong form, are both simply unknown.
    const wrongSecret = `pk_${expiring.key.id}_${'a'.repeat(52)}`;
    for (const token of [wrongSecret, 'pk_nonsense', `pk_${crypto.randomUUID()}_${'b'.repeat(52)}`]) {
      const answer = await call('GET', '/api/insurer/policies', token);
      expect(answer.status).toBe(401);
      expect(answer.body.messageKey).toBe('api_key.invalid');
    }
    const list = await call('GET', '/api/admin/api-keys', adminToken);
    const states = Object.fromEntries(
      list.body.items.map((item: { id: string; state: string }) => [item.id, item.state]),
    );
    expect(states[revoked.key.id]).toBe('revoked');
    expect(states[expiring.key.id]).toBe('expired');
  });

  it('write every call to the audit log with its status, and move the last use', async () => {
    const { token, key } = await createKey('Protokoll');
    await call('GET', '/api/insurer/policies?limit=1', token);
    await call('GET', '/api/insurer/policies/AS-7100000001', token);
    await call('GET', '/api/insurer/policies/AS-7199999999', token);
    await call('GET', '/api/employee', token);
    await call('POST', `/api/admin/api-keys/${key.id}/revoke`, adminToken);
    await call('GET', '/api/insurer/policies', token);

    const entries = (await auditOf(key.id)).map((entry) => ({
      action: entry.action,
      ...(JSON.parse(entry.details ?? '{}') as Record<string, unknown>),
    }));
    expect(entries).toEqual([
      expect.objectContaining({ action: 'api_key.call', path: '/api/insurer/policies', status: 200 }),
      expect.objectContaining({ action: 'api_key.call', status: 200, policyNumber: 'AS-7100000001' }),
      expect.objectContaining({ action: 'api_key.call', status: 404, policyNumber: 'AS-7199999999' }),
      expect.objectContaining({ action: 'api_key.refused', path: '/api/employee', status: 403, reason: 'scope' }),
      expect.objectContaining({ action: 'api_key.refused', status: 401, reason: 'revoked' }),
    ]);
    const [row] = await t.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect(Date.now() - (row?.lastUsedAt?.getTime() ?? 0)).toBeLessThan(60_000);
    const created = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, key.id));
    expect(created.map((entry) => entry.action).sort()).toEqual(['api_key.created', 'api_key.revoked']);
  });
});
