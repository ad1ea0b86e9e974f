import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SMTPServer } from 'smtp-server';

// A fresh database for every run, then the real server entry point. The run's database is its own
// SQLite file, wiped here and opened by the support code too (e2e/support/db.ts): a DATABASE_URL
// from the shell must not point the server at a PostgreSQL database instead.
const file = process.env.DATABASE_FILE;
if (!file?.includes('e2e')) throw new Error('e2e/serve.ts needs an e2e DATABASE_FILE');
delete process.env.DATABASE_URL;
rmSync(dirname(file), { recursive: true, force: true });

/*
 * A real SMTP server for the run: the portal's mail worker delivers to it over SMTP, and every
 * message lands as a raw .eml file in E2E_MAIL_DIR, where the specs read it (e2e/support/mail.ts).
 */
const mailDir = process.env.E2E_MAIL_DIR;
const smtpPort = Number(process.env.E2E_SMTP_PORT);
if (mailDir && smtpPort) {
  mkdirSync(mailDir, { recursive: true });
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        writeFileSync(join(mailDir, `${Date.now()}-${String(received).padStart(5, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
}

await import('../apps/server/src/main.ts');
