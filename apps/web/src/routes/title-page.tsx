import { useT } from '../lib/i18n.tsx';
import { useRouteHandle } from '../lib/route-handle.ts';

/** Pages whose content later issues build: the title, and a word that it is on its way. */
export default function TitlePage() {
  const t = useT();
  const { title } = useRouteHandle();
  return (
    <section className="page">
      <h1>{title ? t(title) : t('pages.home')}</h1>
      <p className="muted">{t('app.coming_soon')}</p>
    </section>
  );
}
