import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { redactPath, requestLog } from './request-log.ts';

describe('redactPath', () => {
  it.each([
    ['/login/abc123token', '/login/:token'],
    ['/admin/login/abc123token', '/admin/login/:token'],
    ['/recovery-password/abc123token', '/recovery-password/:token'],
    ['/admin/recovery-password/abc123token', '/admin/recovery-password/:token'],
    ['/login/abc123token/extra', '/login/:token/extra'],
    ['/confirm-email/abc123token', '/confirm-email/:token'],
    ['/confirm-contact/abc123token', '/confirm-contact/:token'],
  ])('redacts %s', (path, expected) => {
    expect(redactPath(path)).toBe(expected);
  });

  it.each(['/login', '/login/', '/admin/login', '/api/employee/login', '/healthz', '/employee/recovery-password'])(
    'keeps %s',
    (path) => {
      expect(redactPath(path)).toBe(path);
    },
  );
});

describe('requestLog', () => {
  it('writes method, redacted path and status, never the query string', async () => {
    const lines: string[] = [];
    const app = new Hono();
    app.use(
      '*',
      requestLog((line) => lines.push(line)),
    );
    app.get('*', (c) => c.text('ok'));
    await app.request('/recovery-password/secret-token-value?email=a@b.de');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/recovery-password\/:token 200 \d+\.\dms$/);
    expect(lines[0]).not.toContain('secret-token-value');
    expect(lines[0]).not.toContain('a@b.de');
  });

  it('logs the path as sent, so an encoded line break cannot forge a second log line', async () => {
    const lines: string[] = [];
    const app = new Hono();
    app.use(
      '*',
      requestLog((line) => lines.push(line)),
    );
    app.get('*', (c) => c.text('ok'));
    await app.request('/verify/ABC%0AGET%20/admin%20200%200.1ms');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/verify\/ABC%0AGET%20\/admin%20200%200\.1ms 200 \d+\.\dms$/);
  });
});
