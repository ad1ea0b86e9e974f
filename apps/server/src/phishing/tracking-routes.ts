import { createHmac, timingSafeEqual } from 'node:crypto';
import { fillPhishingText, phishingMailDay, phishingSenderAddress } from '@portal/content';
import {
  assignLessonCourse,
  findCourse,
  phishingTemplate,
  type TPhishingEvent,
  type TTrackedMessage,
  trackPhishingRequest,
} from '@portal/core';
import type { TDatabase } from '@portal/db';
import { createTranslator, localeFromAcceptLanguage } from '@portal/i18n';
import { safeNext } from '@portal/validators';
import { type Context, Hono } from 'hono';
import { CONTINUE_JS, LESSON_CSS } from './tracking-assets.ts';
import { gonePage, landingPage, lessonPage, signInPage } from './tracking-pages.ts';

export interface TTrackingOptions {
  db: TDatabase;
  clientIp: (c: Context) => string;
  /** Requests per address and minute over all processes (`PHISHING_CALLS_PER_MINUTE`). */
  callsPerMinute: number;
  /** Signs the proof a landing page carries; derived from the server's secret key. */
  proofKey: Buffer;
  senderDomain: string;
  linkUrl: string;
}

/** A transparent 1×1 GIF: the open pixel's answer, for known and unknown tokens alike. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PERSONAL = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };

/**
 * The routes behind a simulated mail's links, at `/p` (ADR 036). GET never counts a click; only the
 * landing page's form (posted by its script or by a person) does. Unknown tokens get one neutral
 * page with 404; redirects go to paths of this portal only.
 */
export function phishingTrackingRoutes(options: TTrackingOptions) {
  const app = new Hono();
  const proofOf = (token: string) =>
    createHmac('sha256', options.proofKey).update(token).digest('base64url').slice(0, 32);
  const proofMatches = (token: string, proof: unknown) => {
    if (typeof proof !== 'string') return false;
    const expected = Buffer.from(proofOf(token));
    const given = Buffer.from(proof);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const langOf = (c: Context) => localeFromAcceptLanguage(c.req.header('accept-language') ?? null);

  app.get('/assets/continue.js', (c) =>
    c.body(CONTINUE_JS, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );
  app.get('/assets/lesson.css', (c) =>
    c.body(LESSON_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
  );

  /**
   * The message of the token, after the per-address limit, with the request's event recorded in
   * the same transaction (`trackPhishingRequest`); an answer instead when there is no message.
   */
  const tracked = async (
    c: Context,
    event?: (message: TTrackedMessage) => TPhishingEvent | null,
  ): Promise<TTrackedMessage | Response> => {
    const outcome = await trackPhishingRequest(options.db, {
      limitKey: `phishing:${options.clientIp(c)}`,
      perMinute: options.callsPerMinute,
      token: c.req.param('token') ?? '',
      event,
    });
    if (outcome.kind === 'limited') {
      return c.text(createTranslator(langOf(c))('phishing_page.too_many'), 429, {
        'Retry-After': String(outcome.retryAfterSeconds),
        'Cache-Control': 'no-store',
      });
    }
    if (outcome.kind === 'unknown') return c.html(gonePage(createTranslator(langOf(c)), langOf(c)), 404, PERSONAL);
    return outcome.message;
  };
  /**
   * Whether the posted form carries the token's proof. Read before the transaction, so that no
   * database connection or turn at SQLite's writer waits for a client's body (at most the body
   * limit's 1 MB, body-limit.ts); it is a check of the token alone and tells nothing about it.
   */
  const withProof = async (c: Context): Promise<boolean> => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    return proofMatches(c.req.param('token') ?? '', (form as Record<string, unknown>).proof);
  };
  // Paths of this portal only, by the one rule of every redirect (issue 37.5).
  const see = (c: Context, path: string) => c.redirect(safeNext(path, { origin: options.linkUrl }), 303);

  app.get('/:token', async (c) => {
    const message = await tracked(c);
    if (message instanceof Response) return message;
    const token = c.req.param('token');
    return c.html(landingPage(createTranslator(message.lang), message.lang, token, proofOf(token)), 200, PERSONAL);
  });

  app.post('/:token/click', async (c) => {
    const proven = await withProof(c);
    const message = await tracked(c, () => (proven ? 'clicked' : null));
    if (message instanceof Response) return message;
    const token = c.req.param('token');
    if (!proven) return see(c, `/p/${token}`);
    return see(c, `/p/${token}/${message.landing === 'sign-in' ? 'sign-in' : 'lesson'}`);
  });

  app.get('/:token/sign-in', async (c) => {
    const message = await tracked(c);
    if (message instanceof Response) return message;
    const token = c.req.param('token');
    const signIn = phishingTemplate(message.templateSlug)?.text[message.lang].signIn;
    if (!signIn) return see(c, `/p/${token}/lesson`);
    return c.html(signInPage(message.lang, token, proofOf(token), signIn), 200, PERSONAL);
  });

  app.post('/:token/submit', async (c) => {
    // Whatever else the form carried is never read: only that it was sent (ADR 036).
    const proven = await withProof(c);
    const message = await tracked(c, () => (proven ? 'submitted' : null));
    if (message instanceof Response) return message;
    return see(c, `/p/${c.req.param('token')}/lesson`);
  });

  app.get('/:token/lesson', async (c) => {
    const message = await tracked(c);
    if (message instanceof Response) return message;
    const token = c.req.param('token');
    const template = phishingTemplate(message.templateSlug);
    if (!template) return c.html(gonePage(createTranslator(message.lang), message.lang), 404, PERSONAL);
    const text = fillPhishingText(template.text[message.lang], {
      firstName: message.firstName,
      company: message.companyName,
      today: phishingMailDay(message.lang, message.sentAt ?? new Date()),
    });
    return c.html(
      lessonPage({
        t: createTranslator(message.lang),
        lang: message.lang,
        token,
        proof: proofOf(token),
        company: message.companyName,
        text,
        senderAddress: phishingSenderAddress(text, options.senderDomain),
        realTarget: `${options.linkUrl}/p/…`,
        namesVisible: message.namesVisible,
        courseTitle: findCourse(message.course)?.text[message.lang].title ?? message.course,
        signIn: template.meta.landing === 'sign-in',
      }),
      200,
      PERSONAL,
    );
  });

  app.post('/:token/course', async (c) => {
    const message = await tracked(c);
    if (message instanceof Response) return message;
    const token = c.req.param('token');
    if (!(await withProof(c))) return see(c, `/p/${token}/lesson`);
    const slug = await assignLessonCourse(options.db, message);
    // A path of this portal only; the course page signs the person in first if needed.
    return see(c, `/trainings/${encodeURIComponent(slug)}`);
  });

  app.get('/:token/o.gif', async (c) => {
    const message = await tracked(c, (known) => (known.trackOpens ? 'opened' : null));
    if (message instanceof Response && message.status === 429) return message;
    return c.body(PIXEL, 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' });
  });

  return app;
}
