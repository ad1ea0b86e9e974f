import { SecretOnceDialog } from '../../components/secret-once-dialog.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * The new key's token, shown this once (only its hash is stored), in the shared dialog for a
 * secret shown once: only "Fertig" closes it; the page forgets the token as it closes.
 */
export function NewApiKeyDialog({ token, onDone }: { token: string | null; onDone: () => void }) {
  const t = useT();
  return (
    <SecretOnceDialog
      secret={token}
      onDone={onDone}
      title={t('api_keys.created_title')}
      text={t('api_keys.created_text')}
      label={t('api_keys.col_key')}
    />
  );
}
