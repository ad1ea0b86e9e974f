import type { TDemoCredentials } from '@portal/db';

/** Printed once, on the start that created the demo accounts; the passwords are not stored anywhere else. */
export function printDemoCredentials(credentials: TDemoCredentials[], publicUrl: string): void {
  const width = Math.max(...credentials.map((entry) => entry.email.length));
  const lines = credentials.map((entry) => `  ${entry.role.padEnd(9)} ${entry.email.padEnd(width)}  ${entry.password}`);
  console.log(
    [
      '',
      '┌─ Demo accounts (shown once; delete ./data to start over) ─',
      ...lines,
      `│ customers sign in at ${publicUrl}/login, admins at ${publicUrl}/admin/login`,
      '│ admins set up an authenticator app (TOTP) at their first sign-in; the page shows the QR code and key',
      '└──',
      '',
    ].join('\n'),
  );
}
