import type { Page } from '@playwright/test';
import { createAdminAccount, createCompany, createLearner, withDb } from './db.ts';
import { DEMO_PASSWORD, fillSignIn, passTotp, type TDemoRole } from './fixtures.ts';

let counter = 0;

/**
 * A person of the given role that no other spec touches, speaking `lang` (adopted at sign-in):
 * employees and managers in the demo company with one course (malware) assigned, an employer with
 * a company of its own and the same course, an admin with an authenticator of its own.
 */
export function freshAccount(role: TDemoRole, lang: 'de' | 'en', tag: string): string {
  const unique = `${tag}.${role}.${lang}.${Date.now()}.${++counter}`;
  let email: string;
  if (role === 'admin') email = createAdminAccount(unique);
  else if (role === 'employer') {
    email = createCompany(unique, { legacy: false }).employer;
    withDb((db) =>
      db
        .prepare(
          "insert into course_assignments (user_id, course_slug) select id, 'malware' from users where email = ?",
        )
        .run(email),
    );
  } else {
    email = `${unique}@example.com`;
    createLearner(email, ['malware'], lang);
    if (role === 'manager') withDb((db) => db.prepare("update users set role = 'manager' where email = ?").run(email));
  }
  // Seen the help video already: it would open by itself for managers and cover the page.
  withDb((db) => db.prepare('update users set lang = ?, saw_video = 1 where email = ?').run(lang, email));
  return email;
}

/** Signs in through the real form (admins with their code) and waits to leave the sign-in page. */
export async function signInFresh(page: Page, role: TDemoRole, email: string) {
  await page.goto(role === 'admin' ? '/admin/login' : '/login');
  await fillSignIn(page, email, DEMO_PASSWORD);
  if (role === 'admin') await passTotp(page, email);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}
