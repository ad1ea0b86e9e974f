import { Button } from 'react-aria-components';
import { useT } from '../lib/i18n.tsx';

/** Previous / next page buttons with "Seite x von y" for paged lists. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const t = useT();
  return (
    <nav className="pager" aria-label={t('users.page_of', { page, pages })}>
      <Button className="button button-secondary" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        ← {t('users.previous_page')}
      </Button>
      <span>{t('users.page_of', { page, pages })}</span>
      <Button className="button button-secondary" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        {t('users.next_page')} →
      </Button>
    </nav>
  );
}
