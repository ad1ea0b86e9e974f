import type { TDemoCredentials } from '@portal/db';

/** Printed once, on the start that created the demo accounts; the passwords are not stored anywhere else. */
export function printDemoCredentials(
  credentials: TDemoCredentials[],
  publicUrl: string,
  /** How to get a fresh start: deleting ./data (SQLite) or an empty database (PostgreSQL). */
  startOver = 'delete ./data to start over',
): void {
  const width = Math.max(...credentials.map((entry) => entry.email.length));
  const lines = credentials.map((entry) => `  ${entry.role.padEnd(9)} ${entry.email.padEnd(width)}  ${entry.password}`);
  console.log(
    [
      '',
      `┌─ Demo accounts (shown once; ${startOver}) ─`,
      ...lines,
      `│ customers sign in at ${publicUrl}/login, the admin and the insurer at ${publicUrl}/admin/login`,
      '│ they set up an authenticator app (TOTP) at their first sign-in; the page shows the QR code and key',
      '└──',
      '',
    ].join('\n'),
  );
}
