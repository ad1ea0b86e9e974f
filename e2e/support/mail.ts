import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { parseRawMail, type TParsedMail } from '../../packages/api/src/test/raw-mail.ts';
import { E2E_MAIL_DIR } from '../../playwright.config.ts';

/** Every message the run's SMTP server received for `to`, oldest first. */
export function mailsTo(to: string): TParsedMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(E2E_MAIL_DIR).sort();
  } catch {
    return [];
  }
  return files
    .map((name) => parseRawMail(readFileSync(join(E2E_MAIL_DIR, name), 'utf8')))
    .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

/** Waits until the `count`-th mail to `to` has arrived over SMTP and returns it. */
export async function waitForMail(to: string, count = 1): Promise<TParsedMail> {
  await expect.poll(() => mailsTo(to).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  const mail = mailsTo(to)[count - 1];
  if (!mail) throw new Error(`no mail ${count} to ${to}`);
  return mail;
}

/** The path of the first link to this portal that starts with `prefix`, e.g. `/login/`. */
export function linkPath(mail: TParsedMail, prefix: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${prefix}[^\\s"<]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${prefix} link in:\n${mail.text}`);
  return match[1];
}
