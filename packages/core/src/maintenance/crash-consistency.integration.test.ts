import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  closeDatabase,
  companies,
  courseAssignments,
  courseProgress,
  courses,
  driverOf,
  eq,
  migrateDatabase,
  openDatabase,
  rawRows,
  sql,
  type TDatabase,
  transaction,
  users,
} from '@portal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin, seedEmployer } from '../../../api/src/test/test-db.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import { syncCourses } from '../learning/catalog.ts';
import type { TCrashChildArgs } from './crash-child.ts';

const here = dirname(fileURLToPath(import.meta.url));
const CHILD = join(here, 'crash-child.ts');
const REPO_ROOT = resolve(here, '../../../..');
const IMPORT_ROWS = 2_000;
const RESET_PEOPLE = 2_000;
const KILL_ROUNDS = 3;
/**
 * Four tsx children a test: each takes 2–3 s on a quiet machine, and 15 s and more on a loaded
 * one (a CI run beside other suites hit 60 s), which is no sign of a crash-consistency problem.
 */
const CHILDREN_TIMEOUT_MS = 240_000;

const dir = mkdtempSync(join(tmpdir(), 'crash-consistency-'));
const pristine = join(dir, 'pristine.sqlite');
let admin: TSessionUser;
let importCompanyId: string;
let resetCompanyId: string;
let progressRows = 0;

/*
 * About SQLite files (a process killed in the middle of a transaction, the file reopened): the
 * test opens SQLite files of its own, whichever database the suite runs on (ADR 028). PostgreSQL's
 * crash safety is PostgreSQL's own (its WAL), not something the portal's code decides.
 */

/** Company A gets the import; company B has 16,000 progress rows, so the reset runs long enough to be hit. */
beforeAll(async () => {
  const db = openDatabase(join(dir, 'setup.sqlite'));
  await migrateDatabase(db);
  await syncCourses(db);
  admin = { ...(await seedAdmin(db)), companyId: null, lang: 'de' };
  const importer = await seedEmployer(db, { companyName: 'Import GmbH' });
  importCompanyId = importer.companyId;
  await transaction(db, (tx) =>
    tx.insert(courseAssignments).values(['malware', 'byod'].map((courseSlug) => ({ userId: importer.id, courseSlug }))),
  );
  resetCompanyId = (await seedEmployer(db, { companyName: 'Reset GmbH' })).companyId;
  const catalog = (await db.select({ slug: courses.slug, version: courses.version }).from(courses)).slice(0, 8);
  const now = new Date();
  await transaction(db, async (tx) => {
    for (let index = 0; index < RESET_PEOPLE; index++) {
      const [person] = await tx
        .insert(users)
        .values({
          firstname: 'Lern',
          lastname: `Person ${index}`,
          email: `learner.${index}@reset.example`,
          role: 'employee',
          companyId: resetCompanyId,
        })
        .returning({ id: users.id });
      if (!person) throw new Error('no person');
      await tx
        .insert(courseAssignments)
        .values(catalog.map((course) => ({ userId: person.id, courseSlug: course.slug })));
      await tx.insert(courseProgress).values(
        catalog.map((course) => ({
          userId: person.id,
          companyId: resetCompanyId,
          courseSlug: course.slug,
          contentVersion: course.version,
          status: index % 2 ? ('completed' as const) : ('started' as const),
          startedAt: now,
          completedAt: index % 2 ? now : null,
          updatedAt: now,
        })),
      );
    }
  });
  progressRows = RESET_PEOPLE * catalog.length;
  // Closing a WAL database checkpoints it: the copied main file then holds everything.
  await closeDatabase(db);
  copyFileSync(join(dir, 'setup.sqlite'), pristine);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface TChildRun {
  /** Whether the child reported its commit. */
  done: boolean;
  /** From the transaction's first write to `done` (commit and its WAL checkpoint), in ms. */
  windowMs: number;
}

/** Runs the child on `file`; with `killAfterMs` it is SIGKILLed that long into the transaction. */
function runChild(args: TCrashChildArgs, killAfterMs?: number): Promise<TChildRun> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(args)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let startedAt = 0;
    let windowMs = 0;
    let done = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!startedAt && stdout.includes('in-transaction\n')) {
        startedAt = performance.now();
        if (killAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
      if (!done && stdout.includes('done\n')) {
        done = true;
        windowMs = performance.now() - startedAt;
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL' || code === 0) resolveRun({ done, windowMs });
      else reject(new Error(`crash child exited with ${code ?? signal}:\n${stderr}`));
    });
  });
}

interface TCheck {
  /** Counts that tell the state before the transaction from the state after it. */
  snapshot: (db: TDatabase) => Promise<Record<string, unknown>>;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const count = async (db: TDatabase, query: ReturnType<typeof sql>) => {
  const [row] = await rawRows<{ n: number }>(db, query);
  return Number(row?.n);
};

/** Reopens the file the way the server would and checks it is consistent and all-or-nothing. */
async function inspect(file: string, check: TCheck): Promise<'before' | 'after'> {
  const db = openDatabase(file);
  try {
    // The file's own checks, on the raw SQLite connection the data layer reads with.
    const sqlite = driverOf(db).sqliteConnection;
    expect(sqlite?.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(sqlite?.pragma('foreign_key_check')).toEqual([]);
    const state = await check.snapshot(db);
    if (JSON.stringify(state) === JSON.stringify(check.after)) return 'after';
    expect(state).toEqual(check.before);
    return 'before';
  } finally {
    await closeDatabase(db);
  }
}

/** One full run to learn how long the transaction takes, then rounds killed at random within it. */
async function crashRounds(mode: TCrashChildArgs['mode'], companyId: string, check: TCheck) {
  const fresh = (round: number) => {
    const file = join(dir, `${mode}-${round}.sqlite`);
    copyFileSync(pristine, file);
    return file;
  };
  const args = (file: string): TCrashChildArgs => ({ mode, file, companyId, admin, rows: IMPORT_ROWS });

  expect(await inspect(fresh(-1), check)).toBe('before');
  const calibration = fresh(0);
  const full = await runChild(args(calibration));
  expect(full.done).toBe(true);
  expect(await inspect(calibration, check)).toBe('after');

  const outcomes: string[] = [];
  for (let round = 1; round <= KILL_ROUNDS; round++) {
    const file = fresh(round);
    const delay = Math.round(full.windowMs * (0.05 + 0.5 * Math.random()));
    await runChild(args(file), delay);
    // No check on whether the child printed `done`: the commit's automatic WAL checkpoint runs
    // before control returns to it, so a kill there leaves the committed state without `done`.
    const state = await inspect(file, check);
    outcomes.push(`${state} (killed ${delay} ms into a ${Math.round(full.windowMs)} ms transaction)`);
  }
  // At least one kill must have hit the open transaction, or the test proved nothing.
  expect(
    outcomes.some((outcome) => outcome.startsWith('before')),
    outcomes.join('\n'),
  ).toBe(true);
}

describe('crash during a large transaction (SIGKILL)', () => {
  it(
    `leaves an employee import of ${IMPORT_ROWS} people either complete or absent`,
    async () => {
      const snapshot = async (db: TDatabase) => ({
        people: await count(db, sql`select count(*) as n from users where email like 'crash.%'`),
        assignments: await count(
          db,
          sql`select count(*) as n from course_assignments a join users u on u.id = a.user_id where u.email like 'crash.%'`,
        ),
        invitations: await count(db, sql`select count(*) as n from mail_outbox where template = 'invitation'`),
        tokens: await count(db, sql`select count(*) as n from one_time_tokens where kind = 'invitation'`),
        uploads: await count(db, sql`select count(*) as n from employee_uploads`),
        audit: await count(db, sql`select count(*) as n from audit_log where action = 'upload.imported'`),
      });
      await crashRounds('import', importCompanyId, {
        snapshot,
        before: { people: 0, assignments: 0, invitations: 0, tokens: 0, uploads: 0, audit: 0 },
        after: {
          people: IMPORT_ROWS,
          assignments: IMPORT_ROWS * 2,
          invitations: IMPORT_ROWS,
          tokens: IMPORT_ROWS,
          uploads: 1,
          audit: 1,
        },
      });
    },
    CHILDREN_TIMEOUT_MS,
  );

  it(
    'leaves a progress reset either complete (with date, mail and certificate) or not started',
    async () => {
      const snapshot = async (db: TDatabase) => ({
        progress: await count(db, sql`select count(*) as n from course_progress where company_id = ${resetCompanyId}`),
        resetDone:
          (
            await db
              .select({ at: companies.lastProgressResetAt })
              .from(companies)
              .where(eq(companies.id, resetCompanyId))
          )[0]?.at instanceof Date,
        mails: await count(db, sql`select count(*) as n from mail_outbox where template = 'progress_reset'`),
        certificates: await count(db, sql`select count(*) as n from certificates where company_id = ${resetCompanyId}`),
        audit: await count(db, sql`select count(*) as n from audit_log where action = 'company.progress_reset'`),
      });
      await crashRounds('reset', resetCompanyId, {
        snapshot,
        before: { progress: progressRows, resetDone: false, mails: 0, certificates: 0, audit: 0 },
        after: { progress: 0, resetDone: true, mails: 1, certificates: 1, audit: 1 },
      });
    },
    CHILDREN_TIMEOUT_MS,
  );
});
