import { closeSync, existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { E2E_DATABASE_FILE } from '../../playwright.config.ts';

// Inside the run's data directory, which e2e/serve.ts wipes at every start: no stale sessions.
const STATE_DIR = join(dirname(E2E_DATABASE_FILE), 'auth-states');

/**
 * A signed-in browser state (cookie and local storage), made once per run and key: the first
 * worker that asks signs in with `signIn` and writes the file; every other test, in any worker,
 * reads it. A lock file keeps two workers from signing in the same account at once (an admin's
 * TOTP code is accepted only once). `setUp` runs before the sign-in, once, for the account's data.
 */
export async function storageStateFor(
  browser: Browser,
  key: string,
  signIn: (page: Page) => Promise<void>,
  setUp: () => unknown = () => {},
): Promise<string> {
  const file = join(STATE_DIR, `${key}.json`);
  const lock = `${file}.lock`;
  mkdirSync(STATE_DIR, { recursive: true });
  const deadline = Date.now() + 120_000;
  while (!existsSync(file)) {
    try {
      closeSync(openSync(lock, 'wx'));
    } catch {
      if (Date.now() > deadline) throw new Error(`waited too long for the sign-in of ${key}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (existsSync(file)) break;
      await setUp();
      const context = await browser.newContext();
      try {
        await signIn(await context.newPage());
        await context.storageState({ path: file });
      } finally {
        await context.close();
      }
    } finally {
      rmSync(lock, { force: true });
    }
  }
  return file;
}
