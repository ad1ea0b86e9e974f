import { appRouter, type TContext } from '@portal/api';
import { safeNext } from '@portal/validators';
import { type Context, Hono } from 'hono';

/**
 * A form of our own pages: the browser says so (`Sec-Fetch-Site: same-origin`), or, where it sends
 * no such header, its Origin is ours. Another site's form must not sign anyone in (login CSRF).
 */
function fromOwnPage(c: Context, publicUrl: string): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const origin = c.req.header('origin');
  return origin === publicUrl || origin === new URL(c.req.url).origin;
}

/**
 * The customers' sign-in without JavaScript (issue 25, ADR 038): the form on /login posts here
 * before the page's script has run. The same procedure as the script's call signs in (the same
 * checks, limits and uniform timing), sets the session cookie and moves on to `next`; a refusal
 * comes back to the form with `failed=1`, which shows the customers' one message (spec §8). A
 * second step (an authenticator) needs the script: the page then shows the form again to finish.
 */
export function signInFormRoutes(options: { createContext: (c: Context) => Promise<TContext>; publicUrl: string }) {
  const app = new Hono();
  app.post('/login', async (c) => {
    if (!fromOwnPage(c, options.publicUrl)) return c.text('Forbidden', 403);
    // Only a path of the portal is followed (the one rule of the browser and the server, issue 37.5).
    const next = safeNext(c.req.query('next'), { origin: options.publicUrl });
    const back = (failed: boolean) =>
      `/login?${new URLSearchParams({ ...(failed ? { failed: '1' } : {}), ...(next !== '/' ? { next } : {}) })}`;
    c.header('Cache-Control', 'no-store');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const email = typeof form.email === 'string' ? form.email : '';
    const password = typeof form.password === 'string' ? form.password : '';
    try {
      const caller = appRouter.createCaller(await options.createContext(c));
      const answer = await caller.employee.login({ email, password });
      return c.redirect('totpRequired' in answer ? back(false) : next, 303);
    } catch {
      return c.redirect(back(true), 303);
    }
  });
  return app;
}
