import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eq, getTableName, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeDatabase, openDatabase } from '../open-database.ts';
import { openPostgresOrm } from '../postgres-database.ts';
import * as s from '../schema/sqlite.ts';
import { SQLITE_MIGRATIONS_FOLDER } from '../sqlite-database.ts';
import { startPostgresCluster, type TPostgresCluster } from '../testing/postgres-cluster.ts';
import { rawExecute, rawRows, transaction } from '../transaction.ts';
import { copyPlan } from './copy-plan.ts';
import { CopyRefusedError, copySqliteToPostgres, type TCopiedTable } from './copy-to-postgres.ts';

/*
 * `npm run db:copy-to-postgres` (issue 16, point 6) on real files and a real PostgreSQL: a SQLite
 * database with rows in every table (awkward text, nulls, both booleans, millisecond timestamps,
 * a foreign-key cycle, the trigger-kept summaries) arrives whole, is verified, refuses a second
 * copy, and a copy that fails halfway leaves the target empty.
 */
let cluster: TPostgresCluster | undefined;
let serverUrl: string;
let sourceFile: string;
let workDir: string;

beforeAll(async () => {
  const provided = inject('postgresUrl');
  if (provided) serverUrl = provided;
  else {
    cluster = await startPostgresCluster();
    serverUrl = cluster.url();
  }
  workDir = mkdtempSync(join(tmpdir(), 'portal-copy-'));
  sourceFile = join(workDir, 'pilot.sqlite');
  migrateSqliteFile(sourceFile);
  fillEveryTable(sourceFile, { companies: 12, peoplePerCompany: 40 });
}, 60_000);

afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  cluster?.stop();
});

/** A new, empty PostgreSQL database on the test server. */
async function emptyTarget(): Promise<string> {
  const name = `copy_${randomBytes(5).toString('hex')}`;
  const admin = openPostgresOrm(serverUrl, { poolSize: 1 });
  try {
    await admin.execute(sql.raw(`create database "${name}"`));
  } finally {
    await admin.$client.end();
  }
  return serverUrl.replace(/\/[^/]*$/, `/${name}`);
}

async function targetCounts(url: string): Promise<Record<string, number>> {
  const orm = openPostgresOrm(url, { poolSize: 1 });
  try {
    const counts: Record<string, number> = {};
    for (const step of copyPlan()) {
      const result = await orm.execute(sql`select count(*)::int as n from ${sql.identifier(step.name)}`);
      counts[step.name] = (result.rows[0] as { n: number }).n;
    }
    return counts;
  } finally {
    await orm.$client.end();
  }
}

/** Counts per table, read from the SQLite file directly (not through the code under test). */
function sourceCounts(file: string): Record<string, number> {
  const sqlite = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(
      copyPlan().map((step) => [
        step.name,
        (sqlite.prepare(`select count(*) as n from "${step.name}"`).get() as { n: number }).n,
      ]),
    );
  } finally {
    sqlite.close();
  }
}

describe('db:copy-to-postgres', () => {
  let copied: TCopiedTable[];
  let target: string;

  it('copies every table, verified by row count and checksum, and the portal works on the copy', async () => {
    target = await emptyTarget();
    const events: string[] = [];
    copied = await copySqliteToPostgres(sourceFile, target, {
      batchRows: 97,
      onProgress: (event) => events.push(event.phase),
    });
    const expected = sourceCounts(sourceFile);
    // Every table took part, and every table had rows to copy.
    expect(copied.map((table) => table.name).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, rows] of Object.entries(expected)) expect(rows, name).toBeGreaterThan(0);
    expect(Object.fromEntries(copied.map((table) => [table.name, table.rows]))).toEqual(expected);
    expect(await targetCounts(target)).toEqual(expected);
    expect(events.filter((phase) => phase === 'verified')).toHaveLength(copied.length);
    expect(events.filter((phase) => phase === 'copying').length).toBeGreaterThan(copied.length * 2);

    const db = openDatabase(target, { poolSize: 2 });
    try {
      // The awkward values arrive as they were.
      const [odd] = await rawRows<{ lastname: string; owner: string | null; at: number }>(
        db,
        sql`select u.lastname, c.owner_id as owner, u.order_processing_accepted_at as at
              from users u join companies c on c.id = u.company_id where u.email = 'odd@copy.example'`,
      );
      expect(odd).toEqual({ lastname: ODD_TEXT, owner: expect.any(String), at: 1_700_000_000_123 });
      // The identity continues after the copied ids, and the triggers count new rows again.
      const [before] = await rawRows<{ employees: number }>(db, sql`select employees from stats_people`);
      await transaction(db, async (tx) => {
        await rawExecute(tx, sql`insert into audit_log (action) values ('copy.test')`);
        await rawExecute(
          tx,
          sql`insert into users (id, firstname, lastname, email, role, company_id)
              select 'after-copy', 'A', 'B', 'after@copy.example', 'employee', id from companies limit 1`,
        );
      });
      const [audit] = await rawRows<{ id: number; top: number }>(
        db,
        sql`select id, (select max(id) from audit_log where action <> 'copy.test') as top from audit_log where action = 'copy.test'`,
      );
      expect(audit?.id).toBe((audit?.top ?? 0) + 1);
      const [after] = await rawRows<{ employees: number }>(db, sql`select employees from stats_people`);
      expect(after?.employees).toBe((before?.employees ?? 0) + 1);
    } finally {
      await closeDatabase(db);
    }
  });

  it('refuses a target that is no longer empty and changes nothing in it', async () => {
    const before = await targetCounts(target);
    await expect(copySqliteToPostgres(sourceFile, target)).rejects.toThrow(CopyRefusedError);
    await expect(copySqliteToPostgres(sourceFile, target)).rejects.toThrow(/not empty \(.*companies/);
    expect(await targetCounts(target)).toEqual(before);
  });

  it('refuses a source that lacks a migration, before touching the target', async () => {
    const file = join(workDir, 'outdated.sqlite');
    copyFileSync(sourceFile, file);
    const sqlite = new Database(file);
    // drizzle's SQLite migrations table has no usable id (`SERIAL` is no rowid alias there).
    sqlite.exec('delete from __drizzle_migrations where rowid = (select max(rowid) from __drizzle_migrations)');
    sqlite.close();
    const url = await emptyTarget();
    await expect(copySqliteToPostgres(file, url)).rejects.toThrow(/migrations: run `DATABASE_FILE=/);
    // Not even the schema was created.
    const orm = openPostgresOrm(url, { poolSize: 1 });
    try {
      const tables = await orm.execute(
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      );
      expect(tables.rows).toEqual([{ n: 0 }]);
    } finally {
      await orm.$client.end();
    }
  });

  it('leaves the target empty when PostgreSQL refuses a row halfway, and a later copy succeeds', async () => {
    const file = join(workDir, 'nul.sqlite');
    copyFileSync(sourceFile, file);
    // SQLite keeps a NUL character in text; PostgreSQL refuses it. Late in the plan, after most tables.
    const sqlite = new Database(file);
    sqlite
      .prepare(`update mail_outbox set text = 'A' || char(0) || 'B' where rowid = (select max(rowid) from mail_outbox)`)
      .run();
    sqlite.close();
    const url = await emptyTarget();
    await expect(copySqliteToPostgres(file, url)).rejects.toThrow(/mail_outbox: PostgreSQL refused rows/);
    const counts = await targetCounts(url);
    expect(Object.entries(counts).filter(([, rows]) => rows > 0)).toEqual([['stats_people', 1]]);
    const second = await copySqliteToPostgres(sourceFile, url);
    expect(second).toEqual(copied);
  });
});

/**
 * A migrated SQLite file, made without `openDatabase`: one process binds the portal's tables to
 * one dialect (tables.ts), and this file opens the PostgreSQL copy through the portal's driver.
 */
function migrateSqliteFile(file: string): void {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  try {
    migrate(drizzle({ client: sqlite }), { migrationsFolder: SQLITE_MIGRATIONS_FOLDER });
  } finally {
    sqlite.close();
  }
}

const ODD_TEXT = `O'Brien "Groß" \\ Ünal 🛡️\nzweite Zeile`;
const DAY = 86_400_000;

/**
 * Rows in every table of the schema, through the SQLite schema on a raw connection (foreign keys
 * on), so the triggers of ADR 021 and ADR 023 fill the summaries as the portal's writes would.
 */
function fillEveryTable(file: string, size: { companies: number; peoplePerCompany: number }): void {
  const sqlite = new Database(file);
  sqlite.pragma('foreign_keys = ON');
  const orm = drizzle({ client: sqlite });
  const at = (offset: number) => new Date(1_700_000_000_123 + offset);
  const slugs = ['malware', 'phishing', 'passwords'];
  sqlite.transaction(() => {
    for (const slug of slugs)
      orm
        .insert(s.courses)
        .values({
          slug,
          image: `${slug}.svg`,
          section: 'basics',
          titleDe: `Kurs ${slug}`,
          titleEn: `Course ${slug}`,
          version: '2026-11',
          estimatedMinutes: 15,
          slideCount: 12,
          active: slug !== 'passwords',
          syncedAt: at(0),
        })
        .run();
    orm.insert(s.auditLog).values({ action: 'admin.login', actorRole: 'admin', details: '{"reason":"ok"}' }).run();
    for (let c = 0; c < size.companies; c++) {
      const companyId = `company-${c}`;
      orm
        .insert(s.companies)
        .values({
          id: companyId,
          companyName: c === 0 ? ODD_TEXT : `Firma ${c} GmbH`,
          employeeCount: c === 1 ? null : 10 + c,
          lastProgressResetAt: c % 3 === 0 ? at(c * DAY) : null,
          phishingApprovedAt: c % 2 ? at(c * DAY) : null,
        })
        .run();
      for (let p = 0; p < size.peoplePerCompany; p++) {
        const userId = `user-${c}-${p}`;
        const odd = c === 0 && p === 1;
        orm
          .insert(s.users)
          .values({
            id: userId,
            firstname: `Vorname ${p}`,
            lastname: odd ? ODD_TEXT : `Nachname ${p}`,
            email: odd ? 'odd@copy.example' : `p${p}@c${c}.example`,
            role: p === 0 ? 'employer' : p === 1 ? 'manager' : 'employee',
            passwordHash: p % 4 === 3 ? null : '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
            active: p % 4 !== 3,
            isFirstLogin: p % 2 === 0,
            companyId,
            lang: p % 5 === 0 ? 'en' : 'de',
            salutation: p % 3 === 0 ? 'Mrs' : p % 3 === 1 ? 'Mr' : null,
            orderProcessingAccepted: p === 0 || odd,
            orderProcessingAcceptedAt: p === 0 || odd ? at(0) : null,
            totpLastUsedStep: p === 0 ? 56_666_666 : null,
          })
          .run();
        if (p === 0) {
          orm.update(s.companies).set({ ownerId: userId }).where(eq(s.companies.id, companyId)).run();
          orm
            .insert(s.avvAcceptances)
            .values({ userId, companyId, contractVersion: '2024-05', acceptedAt: at(c), sourceIp: '203.0.113.7' })
            .run();
          orm
            .insert(s.sessions)
            .values({
              id: `session-${c}`,
              secretHash: `hash-${c}`,
              userId,
              role: 'employer',
              lastSeenAt: at(c),
              ttl: 3600,
            })
            .run();
          orm
            .insert(s.employeeUploads)
            .values({
              companyId,
              uploadedBy: userId,
              filename: 'liste.csv',
              rows: '[{"email":"a@b.de"}]',
              validCount: 1,
              invalidCount: 0,
              status: c % 2 ? 'imported' : 'pending',
            })
            .run();
          const [companyCertificate] = orm
            .insert(s.certificates)
            .values({
              code: `CO-${c}`,
              kind: 'company',
              companyId,
              issuedAt: at(c),
              validUntil: at(365 * DAY),
              content: '{}',
            })
            .returning({ id: s.certificates.id })
            .all();
          // The insurer's tables (ADR 035): change notices, due counts, a key and a receiver.
          orm
            .insert(s.insurerEvents)
            .values({
              kind: c % 2 ? 'certificate_issued' : 'certificate_renewed',
              companyId,
              policyNumber: `AS-${String(c).padStart(10, '1')}`,
              certificateId: companyCertificate?.id ?? '',
              validUntil: at(365 * DAY),
              occurredAt: at(c),
            })
            .run();
          orm
            .insert(s.companyDueCounts)
            .values({ companyId, overdue: c, dueSoon: c % 3, countedOn: '2026-11-26' })
            .run();
          orm
            .insert(s.apiKeys)
            .values({
              name: `Schlüssel ${ODD_TEXT}`,
              scope: 'insurer:read',
              secretHash: `hash-${c}`,
              createdBy: userId,
              expiresAt: c % 2 ? at(DAY) : null,
              revokedAt: c % 2 ? null : at(2),
              lastUsedAt: at(1),
            })
            .run();
          orm
            .insert(s.webhookEndpoints)
            .values({
              name: `Empfänger ${c}`,
              url: `https://versicherer.example/${c}`,
              secretSealed: 'v1.aaa.bbb.ccc',
              createdBy: userId,
              removedAt: c % 2 ? at(3) : null,
            })
            .run();
          // Phishing simulations (ADR 036): settings, a campaign and one message with every event.
          orm
            .insert(s.phishingSettings)
            .values({
              companyId,
              namesVisibleAt: c % 2 ? at(4) : null,
              namesVisibleBy: userId,
              retentionMonths: 6,
              reportContactEmail: `it${c}@firma${c}.example`,
              reportContactConfirmedAt: c % 2 ? at(5) : null,
              reportContactTokenHash: c % 2 ? null : `hash-${c}`,
              reportContactTokenExpiresAt: c % 2 ? null : at(6),
            })
            .run();
          // Proven and waiting mail domains (issue 37).
          orm
            .insert(s.companyMailDomains)
            .values({
              companyId,
              domain: `firma${c}.example`,
              verification: `portal-verification=${c}`,
              verifiedAt: c % 2 ? at(7) : null,
              lastCheckedAt: at(7),
            })
            .run();
          const [campaign] = orm
            .insert(s.phishingCampaigns)
            .values({
              companyId,
              name: `Kampagne ${ODD_TEXT}`,
              status: c % 2 ? 'running' : 'stopped',
              templates: '["parcel-customs-fee"]',
              audience: '{"kind":"all"}',
              startsOn: '2026-11-26',
              windowDays: 3,
              trackOpens: c % 2 === 0,
              repeat: 'quarterly',
              createdBy: userId,
            })
            .returning({ id: s.phishingCampaigns.id })
            .all();
          orm
            .insert(s.phishingMessages)
            .values({
              campaignId: campaign?.id ?? '',
              companyId,
              round: 0,
              userId,
              templateSlug: 'parcel-customs-fee',
              templateVersion: '1.0.0',
              lang: 'de',
              sendAt: at(5),
              tokenHash: `phish-${c}`,
              sentAt: at(6),
              clickedAt: c % 2 ? at(7) : null,
            })
            .run();
        }
        if (p === 2) {
          orm
            .insert(s.oneTimeTokens)
            .values({
              kind: 'invitation',
              tokenHash: `token-${c}`,
              userId,
              expiresAt: at(7 * DAY),
              usedAt: c % 2 ? at(DAY) : null,
            })
            .run();
          orm
            .insert(s.totpRecoveryCodes)
            .values({ userId, codeHash: `code-${c}` })
            .run();
          orm
            .insert(s.loginThrottle)
            .values({
              key: `email:p2@c${c}.example`,
              attempts: 3,
              windowStartedAt: at(0),
              lockedUntil: c % 2 ? at(60_000) : null,
            })
            .run();
          const [job] = orm
            .insert(s.jobs)
            .values({
              kind: 'housekeeping',
              key: `schedule:housekeeping@c${c}`,
              payload: c % 2 ? '{"companyId":"c"}' : null,
              runAt: at(0),
              status: c % 2 ? 'done' : 'pending',
              attempts: 1,
              lastError: c % 2 ? null : ODD_TEXT,
              finishedAt: c % 2 ? at(1) : null,
            })
            .returning({ id: s.jobs.id })
            .all();
          orm
            .insert(s.courseDueDates)
            .values({ companyId, courseSlug: 'malware', dueOn: '2026-12-31', updatedAt: at(0) })
            .run();
          orm
            .insert(s.reminderSettings)
            .values({
              companyId,
              defaultDueDays: c % 2 ? 30 : null,
              remindBefore: c % 2 === 0,
              showNames: c % 2 === 1,
              showNamesChangedBy: c % 2 ? userId : null,
              showNamesChangedAt: c % 2 ? at(2) : null,
              state: c % 2 ? 'BY' : null,
              completionBelow: c % 2 ? true : null,
            })
            .run();
          orm
            .insert(s.absences)
            .values({ userId, companyId, startsOn: '2026-11-01', endsOn: '2027-01-31', createdBy: userId })
            .run();
          orm
            .insert(s.reminderLog)
            .values({
              userId,
              companyId,
              kind: 'due_soon',
              key: `malware@2026-12-31-${ODD_TEXT}`,
              sentOn: '2026-12-24',
            })
            .run();
          orm
            .insert(s.jobRuns)
            .values({
              jobId: job?.id ?? '',
              kind: 'housekeeping',
              attempt: 1,
              owner: 'host:1:abcd',
              startedAt: at(0),
              endedAt: c % 2 ? at(1) : null,
              result: c % 2 ? 'succeeded' : null,
              output: c % 2 ? '{"sessions":0}' : null,
            })
            .run();
          orm
            .insert(s.mailOutbox)
            .values({
              template: 'invitation',
              toAddress: `p2@c${c}.example`,
              userId,
              companyId,
              lang: 'de',
              subject: 'Einladung',
              html: `<p>${ODD_TEXT}</p>`,
              text: ODD_TEXT,
              nextAttemptAt: at(0),
              status: c % 2 ? 'sent' : 'pending',
              sentAt: c % 2 ? at(1) : null,
              leaseOwner: c % 2 ? null : 'worker-1',
              leaseUntil: c % 2 ? null : at(30_000),
            })
            .run();
          orm
            .insert(s.certificates)
            .values({
              code: `PE-${c}`,
              kind: 'personal',
              userId,
              companyId,
              issuedAt: at(c),
              validUntil: at(365 * DAY),
              revokedAt: c === 3 ? at(DAY) : null,
              revokedReason: c === 3 ? 'progress_reset' : null,
            })
            .run();
        }
        orm
          .insert(s.auditLog)
          .values({ action: 'login', actorId: userId, actorRole: 'employee', companyId, ip: '198.51.100.1', at: at(p) })
          .run();
        for (const [index, courseSlug] of slugs.slice(0, 1 + (p % 3)).entries()) {
          orm
            .insert(s.courseAssignments)
            .values({ userId, courseSlug, assignedAt: at(index), dueOn: index % 2 ? '2027-01-15' : null })
            .run();
          if ((p + index) % 2 === 1) continue;
          const progressId = `progress-${c}-${p}-${index}`;
          const completed = (p + c) % 3 === 0;
          orm
            .insert(s.courseProgress)
            .values({
              id: progressId,
              userId,
              companyId,
              courseSlug,
              status: completed ? 'completed' : 'started',
              slideIndex: 4,
              maxSlideIndex: 7,
              workingSeconds: 600 + p,
              slideSeconds: '{"0":31,"1":45}',
              attention: 950,
              bestScore: completed ? 90 : null,
              contentVersion: '2026-11',
              startedAt: at(p * 3_600_000),
              completedAt: completed ? at(p * 3_600_000 + 1_800_000) : null,
              updatedAt: at(p * 3_600_000 + 1_800_000),
              cycle: completed ? 1 : 2,
            })
            .run();
          if (!completed) {
            orm
              .insert(s.courseCycles)
              .values({
                progressId,
                userId,
                companyId,
                courseSlug,
                cycle: 1,
                contentVersion: '2025-10',
                workingSeconds: 500,
                attention: 900,
                bestScore: c % 2 ? 80 : null,
                quizRepeatCount: 1,
                moduleRepeatCount: 0,
                startedAt: at(0),
                completedAt: at(1),
                archivedAt: at(2),
              })
              .run();
          }
          orm
            .insert(s.quizAttempts)
            .values({
              progressId,
              questionIds: '["q1","q2"]',
              answers: '{"q1":[0]}',
              correctCount: 1,
              score: completed ? 90 : 40,
              passed: completed,
              startedAt: at(0),
              finishedAt: completed ? at(60_000) : null,
            })
            .run();
        }
      }
    }
  })();
  // The summaries must have been filled by the triggers, not by this fixture.
  for (const table of [
    s.statsPeople,
    s.statsCourseCounts,
    s.statsCompanyActivity,
    s.statsProgressHours,
    s.statsCourseCompletions,
    s.companyVersions,
    s.companySummary,
  ])
    expect(orm.select({ n: sql<number>`count(*)` }).from(table).get()?.n, getTableName(table)).toBeGreaterThan(0);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
}
