import type { Page } from '@playwright/test';
import { courseAssignments, eq, users } from '@portal/db';
import { createAdminAccount, createCompany, createInsurerAccount, createLearner, writeDb } from './db.ts';
import { DEMO_PASSWORD, fillSignIn, passTotp, type TDemoRole } from './fixtures.ts';

let counter = 0;

/**
 * A person of the given role that no other spec touches, speaking `lang` (adopted at sign-in):
 * employees and managers in the demo company with one course (malware) assigned, an employer with
 * a company of its own and the same course, an admin with an authenticator of its own.
 */
export async function freshAccount(role: TDemoRole, lang: 'de' | 'en', tag: string): Promise<string> {
  const unique = `${tag}.${role}.${lang}.${Date.now()}.${++counter}`;
  let email: string;
  if (role === 'admin') email = await createAdminAccount(unique);
  else if (role === 'insurer') email = await createInsurerAccount(unique);
  else if (role === 'employer') {
    const employer = (await createCompany(unique, { legacy: false })).employer;
    email = employer;
    await writeDb(async (tx) => {
      const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.email, employer));
      if (person) await tx.insert(courseAssignments).values({ userId: person.id, courseSlug: 'malware' });
    });
  } else {
    email = `${unique}@example.com`;
    await createLearner(email, ['malware'], lang);
    if (role === 'manager') {
      const manager = email;
      await writeDb((tx) => tx.update(users).set({ role: 'manager' }).where(eq(users.email, manager)));
    }
  }
  // Seen the help video already: it would open by itself for managers and cover the page.
  const person = email;
  await writeDb((tx) => tx.update(users).set({ lang, sawVideo: true }).where(eq(users.email, person)));
  return email;
}

/** Signs in through the real form (admins with their code) and waits to leave the sign-in page. */
export async function signInFresh(page: Page, role: TDemoRole, email: string) {
  const backOffice = role === 'admin' || role === 'insurer';
  await page.goto(backOffice ? '/admin/login' : '/login');
  await fillSignIn(page, email, DEMO_PASSWORD);
  if (backOffice) await passTotp(page, email);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}
