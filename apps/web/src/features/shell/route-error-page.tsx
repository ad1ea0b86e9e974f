import type { TMessageKey } from '@portal/i18n';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useRevalidator, useRouteError } from 'react-router';
import { HOME_BY_ROLE } from '../../lib/guards.ts';
import { useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/route-handle.ts';
import { isModuleLoadFailure, problemOf, type TRouteProblem } from '../../lib/route-problem.ts';
import { PublicHeader } from './public-header.tsx';
import { useMe } from './use-me.ts';

type TRole = keyof typeof HOME_BY_ROLE;

interface TExplained {
  title: TMessageKey;
  text: ReactNode;
  /** The ways on, the first one is the main one. */
  links: { to: string; label: TMessageKey }[];
  retry: boolean;
}

function explain(problem: TRouteProblem, role: TRole | null, t: ReturnType<typeof useT>): TExplained {
  const home = { to: role ? HOME_BY_ROLE[role] : '/', label: 'app.home' as const };
  const trainings = { to: '/trainings', label: 'nav.trainings' as const };
  const manages = role === 'employer' || role === 'manager';
  switch (problem.kind) {
    case 'course_not_found':
      return {
        title: 'route_error.course_not_found',
        text: t('route_error.course_not_found_text'),
        links: [trainings],
        retry: false,
      };
    case 'course_not_assigned':
      return {
        title: 'route_error.course_not_assigned',
        text: t(manages ? 'route_error.course_not_assigned_text_manager' : 'route_error.course_not_assigned_text'),
        links: manages ? [trainings, { to: '/course-settings', label: 'nav.course_settings' }] : [trainings],
        retry: false,
      };
    case 'slide_not_found':
      return {
        title: 'route_error.slide_not_found',
        text: t('route_error.slide_not_found_text', { count: problem.count, slide: problem.slide }),
        links: [{ to: `/trainings/${problem.slug}`, label: 'route_error.to_course' }, trainings],
        retry: false,
      };
    case 'record_not_found':
      return {
        title: 'route_error.record_not_found',
        text: t('route_error.record_not_found_text'),
        links: role === 'admin' ? [{ to: '/admin/policyholders', label: 'route_error.to_customers' }] : [home],
        retry: false,
      };
    case 'page_not_found':
      return { title: 'pages.not_found', text: t('pages.not_found_text'), links: [home], retry: false };
    case 'load_failed':
      return { title: 'route_error.load_failed', text: t('route_error.load_failed_text'), links: [home], retry: true };
    default:
      return { title: 'app.something_went_wrong', text: t('route_error.unexpected_text'), links: [home], retry: true };
  }
}

/**
 * What a route shows instead of its page when it cannot show the page: a heading, what happened in
 * plain words, and a way on (ADR 027). Rendered inside the shell by the route table's boundary, so
 * the navigation stays; `standalone` is the last resort when the shell itself failed.
 */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const t = useT();
  const error = useRouteError();
  const problem = problemOf(error);
  const me = useMe().data ?? null;
  const explained = explain(problem, me?.role ?? null, t);
  useDocumentTitle(explained.title);
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the reader: move the focus to the news, as a new page would.
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (problem.kind === 'unexpected') console.error('route error', error);
  }, [problem.kind, error]);

  const body = (
    <section className="page narrow route-error" aria-labelledby="route-error-title">
      <h1 id="route-error-title" ref={heading} tabIndex={-1}>
        {t(explained.title)}
      </h1>
      <p>{explained.text}</p>
      <div className="route-error-actions">
        {explained.retry && <RetryButton reload={isModuleLoadFailure(error)} />}
        {explained.links.map((link, index) => (
          <Link
            key={link.to}
            to={link.to}
            className={`button ${index === 0 && !explained.retry ? 'button-primary' : 'button-secondary'}`}
          >
            {t(link.label)}
          </Link>
        ))}
      </div>
    </section>
  );
  if (!standalone) return body;
  return (
    <div className="layout">
      <PublicHeader />
      <main id="main" tabIndex={-1} className="main">
        {body}
      </main>
    </div>
  );
}

/**
 * Loads the route again. A lazy module that failed to arrive stays failed in the browser's module
 * map, so that case needs a new page load; data is fetched again in place.
 */
function RetryButton({ reload }: { reload: boolean }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [pressed, setPressed] = useState(false);
  const busy = pressed && revalidator.state === 'loading';
  return (
    <button
      type="button"
      className="button button-primary"
      disabled={busy}
      onClick={() => {
        if (reload) {
          window.location.reload();
          return;
        }
        setPressed(true);
        void revalidator.revalidate();
      }}
    >
      {busy ? t('route_error.retrying') : t('route_error.retry')}
    </button>
  );
}
