import { randomBytes } from 'node:crypto';
import { hashPhishingToken } from '@portal/core';
import { companies, eq, phishingCampaigns, phishingMessages, transaction, users } from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TTestDb } from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';

/*
 * Issue 37.7: the form address of a simulated mail (`POST /p/<token>/submit`) records "submitted"
 * only for a template with an imitated sign-in page. Posted for any other template (by hand, with
 * the landing page's proof), it led to the lesson as before and counted the mail as "submitted",
 * which then reached the insurer's figures. The message is written directly, with a link token
 * of the dispatcher's form, so that only the tracking is under test.
 */

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let t: TTestDb;
let app: ReturnType<typeof createApp>;
const tokens = new Map<string, string>();

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const proofIn = (html: string) => /name="proof" value="([^"]+)"/.exec(html)?.[1] ?? '';
const eventsOf = async (template: string) =>
  (
    await t.db
      .select({ clickedAt: phishingMessages.clickedAt, submittedAt: phishingMessages.submittedAt })
      .from(phishingMessages)
      .where(eq(phishingMessages.templateSlug, template))
  )[0];

beforeAll(async () => {
  t = await createTestDb();
  app = createApp({ db: t.db, config: t.config, logger: quiet, webDist: '/nonexistent/web/dist' });
  const companyId = crypto.randomUUID();
  const userId = crypto.randomUUID();
  const sent = new Date(Date.now() - 3_600_000);
  await transaction(t.db, async (tx) => {
    await tx.insert(companies).values({ id: companyId, companyName: 'Formular GmbH' });
    await tx.insert(users).values({
      id: userId,
      firstname: 'Robin',
      lastname: 'Formular',
      email: 'robin@formular.example',
      role: 'employee',
      companyId,
      active: true,
    });
    for (const template of ['parcel-customs-fee', 'm365-password-expiry']) {
      const campaignId = crypto.randomUUID();
      const token = randomBytes(32).toString('base64url');
      tokens.set(template, token);
      await tx.insert(phishingCampaigns).values({
        id: campaignId,
        companyId,
        name: template,
        status: 'running',
        templates: JSON.stringify([template]),
        audience: JSON.stringify({ kind: 'all' }),
        startsOn: '2026-11-10',
        windowDays: 1,
        startedAt: sent,
      });
      await tx.insert(phishingMessages).values({
        campaignId,
        companyId,
        round: 0,
        userId,
        templateSlug: template,
        templateVersion: '1',
        lang: 'de',
        sendAt: sent,
        sentAt: sent,
        tokenHash: hashPhishingToken(token),
      });
    }
  });
});
afterAll(() => t.cleanup());

describe('the form address of a simulated mail', () => {
  it('records nothing for a template without a sign-in page, and still leads to the lesson', async () => {
    const token = tokens.get('parcel-customs-fee') ?? '';
    const proof = proofIn(await (await app.request(`/p/${token}`)).text());
    expect(proof).not.toBe('');
    const submit = await app.request(`/p/${token}/submit`, form({ proof }));
    expect(submit.status).toBe(303);
    expect(submit.headers.get('location')).toBe(`/p/${token}/lesson`);
    expect(await eventsOf('parcel-customs-fee')).toEqual({ clickedAt: null, submittedAt: null });
  });

  it('records "submitted" (and the click before it) for a template with a sign-in page', async () => {
    const token = tokens.get('m365-password-expiry') ?? '';
    const proof = proofIn(await (await app.request(`/p/${token}/sign-in`)).text());
    const submit = await app.request(`/p/${token}/submit`, form({ proof }));
    expect(submit.headers.get('location')).toBe(`/p/${token}/lesson`);
    const events = await eventsOf('m365-password-expiry');
    expect(events?.submittedAt).toBeInstanceOf(Date);
    expect(events?.clickedAt).toBeInstanceOf(Date);
  });
});
