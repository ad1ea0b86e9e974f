import { Button } from 'react-aria-components';
import { saveBlob } from '../lib/download-file.ts';
import { useT } from '../lib/i18n.tsx';

/**
 * The ten one-time recovery codes, shown once after an authenticator is set up, with a download
 * as a text file. The person confirms having stored them before going on.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone?: () => void }) {
  const t = useT();
  return (
    <section className="notice recovery-codes" aria-labelledby="recovery-codes-heading">
      <h2 id="recovery-codes-heading">{t('totp.recovery_title')}</h2>
      <p>{t('totp.recovery_intro')}</p>
      <ul className="recovery-code-list" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <Button
          className="button button-secondary"
          onPress={() =>
            saveBlob(
              new Blob([`${t('totp.recovery_title')}\n\n${codes.join('\n')}\n`], { type: 'text/plain' }),
              'recovery-codes.txt',
            )
          }
        >
          {t('totp.recovery_download')}
        </Button>
        {onDone && (
          <Button className="button button-primary" onPress={onDone}>
            {t('totp.recovery_done')}
          </Button>
        )}
      </div>
    </section>
  );
}
