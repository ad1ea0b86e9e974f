import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  auditLog,
  loginThrottle,
  mailOutbox,
  migrateDatabase,
  oneTimeTokens,
  openDatabase,
  sessions,
  users,
} from '@portal/db';
import { afterAll, describe, expect, it } from 'vitest';
import { createOneTimeToken } from '../auth/one-time-tokens.ts';
import { createSession } from '../auth/sessions.ts';
import { runHousekeeping } from './housekeeping.ts';

const dir = mkdtempSync(join(tmpdir(), 'housekeeping-'));
const db = openDatabase(join(dir, 'db.sqlite'));
migrateDatabase(db);
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const HOUR = 3600 * 1000;

describe('runHousekeeping', () => {
  it('removes dead sessions, tokens and throttle rows and keeps live ones', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const user = db
      .insert(users)
      .values({ firstname: 'H', lastname: 'K', email: 'hk@example.com', role: 'employee' })
      .returning({ id: users.id })
      .get();
    const live = createSession(db, {
      userId: user.id,
      role: 'employee',
      now: new Date(now.getTime() - 10 * 60 * 1000),
    });
    const idle = createSession(db, { userId: user.id, role: 'employee', now: new Date(now.getTime() - 2 * HOUR) });
    createOneTimeToken(db, {
      kind: 'reset',
      userId: user.id,
      validForMs: HOUR,
      now: new Date(now.getTime() - 2 * HOUR),
    });
    createOneTimeToken(db, { kind: 'invitation', userId: user.id, validForMs: 14 * 24 * HOUR, now });
    db.insert(loginThrottle)
      .values([
        { key: 'account:old@example.com', failures: 3, windowStartedAt: new Date(now.getTime() - HOUR) },
        {
          key: 'account:locked@example.com',
          failures: 10,
          windowStartedAt: new Date(now.getTime() - HOUR),
          lockedUntil: new Date(now.getTime() + 60_000),
        },
        { key: 'ip:10.0.0.1', failures: 1, windowStartedAt: new Date(now.getTime() - 60_000) },
      ])
      .run();

    const DAY = 24 * HOUR;
    const mail = (subject: string, status: 'sent' | 'pending', sentDaysAgo: number | null) => ({
      template: 'reset',
      toAddress: 'hk@example.com',
      lang: 'de' as const,
      subject,
      html: '<p>x</p>',
      text: 'x',
      status,
      nextAttemptAt: now,
      sentAt: sentDaysAgo === null ? null : new Date(now.getTime() - sentDaysAgo * DAY),
    });
    db.insert(mailOutbox)
      .values([mail('old sent', 'sent', 31), mail('recent sent', 'sent', 29), mail('waiting', 'pending', null)])
      .run();
    db.insert(auditLog)
      .values([
        { action: 'logout', at: new Date(now.getTime() - 366 * DAY) },
        { action: 'logout', at: new Date(now.getTime() - 364 * DAY) },
      ])
      .run();

    expect(runHousekeeping(db, now)).toEqual({ sessions: 1, tokens: 1, throttle: 1, mails: 1, auditEntries: 1 });
    expect(
      db
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .all()
        .map((row) => row.subject)
        .sort(),
    ).toEqual(['recent sent', 'waiting']);
    expect(db.select({ at: auditLog.at }).from(auditLog).all()).toEqual([{ at: new Date(now.getTime() - 364 * DAY) }]);
    expect(
      db
        .select({ id: sessions.id })
        .from(sessions)
        .all()
        .map((row) => row.id),
    ).toEqual([live.session.id]);
    expect(db.select({ kind: oneTimeTokens.kind }).from(oneTimeTokens).all()).toEqual([{ kind: 'invitation' }]);
    expect(
      db
        .select({ key: loginThrottle.key })
        .from(loginThrottle)
        .all()
        .map((row) => row.key)
        .sort(),
    ).toEqual(['account:locked@example.com', 'ip:10.0.0.1']);
    expect(idle.session.id).not.toBe(live.session.id);
  });
});
