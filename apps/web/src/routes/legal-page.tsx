import { Link, useLocation } from 'react-router';
import { LegalMarkdown } from '../components/legal-markdown.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { useRouteHandle } from '../lib/route-handle.ts';
import { trpc } from '../lib/trpc.ts';

const DOCUMENT_BY_PATH = {
  '/order-data-processing': 'avv',
  '/impressum': 'impressum',
  '/datenschutzhinweise': 'datenschutz',
  '/data-protection-notes': 'datenschutz',
} as const;

/** Legal pages (spec §2): the AVV, the imprint and the data protection notes, from content/legal. */
export default function LegalPage() {
  const { t, locale } = useI18n();
  const { title } = useRouteHandle();
  const { pathname } = useLocation();
  const document = DOCUMENT_BY_PATH[pathname as keyof typeof DOCUMENT_BY_PATH] ?? 'impressum';
  const text = trpc.legal.get.useQuery({ document, lang: locale });
  return (
    <article className="page narrow">
      <h1>{title ? t(title) : ''}</h1>
      {text.isPending && <p role="status">{t('app.loading')}</p>}
      {text.data && <LegalMarkdown markdown={text.data.markdown.replace(/^# .*\n/, '')} headingOffset={0} />}
      {document === 'avv' && (
        <p>
          <Link to="/login" className="button button-primary">
            {t('avv.sign_in')}
          </Link>
        </p>
      )}
    </article>
  );
}
