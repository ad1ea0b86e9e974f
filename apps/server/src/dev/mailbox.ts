import { desc, mailOutbox, type TDatabase } from '@portal/db';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';

const linkify = (text: string) =>
  text
    .replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
    .replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * /dev/mailbox: the outbox as a page, for the embedded default without SMTP_URL, so a newcomer
 * can follow invitation and reset links. Never mounted in production; elsewhere only loopback
 * callers reach it (dev-routes.ts).
 */
export function devMailboxRoutes(db: TDatabase) {
  const app = new Hono();
  app.get('/', async (c) => {
    const mails = await db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(100);
    c.header('Cache-Control', 'no-store');
    return c.html(html`<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Entwicklungs-Postfach / Development mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px;color:#1a1a1a}article{border:1px solid #ccc;border-radius:8px;padding:12px 16px;margin:16px 0}pre{white-space:pre-wrap;font-family:inherit}a{color:#0b4f8a}</style></head>
<body><main><h1>Entwicklungs-Postfach / Development mailbox</h1>
<p>Ohne SMTP_URL bleiben E-Mails im Postausgang. / Without SMTP_URL, mails stay in the outbox.</p>
${mails.length === 0 ? html`<p>Noch keine E-Mails. / No emails yet.</p>` : ''}
${mails.map(
  (mail) =>
    html`<article><h2>${mail.subject}</h2><p><strong>An / To:</strong> ${mail.to} · ${mail.createdAt.toISOString()} · ${mail.status}</p><pre>${raw(linkify(mail.text))}</pre></article>`,
)}
</main></body></html>`);
  });
  return app;
}
