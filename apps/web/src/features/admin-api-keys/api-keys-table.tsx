import { Button } from 'react-aria-components';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { lastValidDay, type TApiKey } from './api-key-row.ts';

/**
 * The insurer's API keys, newest first: name and creator, the start of the key (enough to tell
 * keys apart, nothing that signs in), state, dates, and a revoke button for the active ones.
 */
export function ApiKeysTable({ apiKeys, onRevoke }: { apiKeys: TApiKey[]; onRevoke: (apiKey: TApiKey) => void }) {
  const t = useT();
  return (
    <div className="table-scroll">
      <table className="table api-key-table">
        <thead>
          <tr>
            <th scope="col">{t('api_keys.col_name')}</th>
            <th scope="col">{t('api_keys.col_key')}</th>
            <th scope="col">{t('api_keys.col_state')}</th>
            <th scope="col">{t('api_keys.col_created')}</th>
            <th scope="col">{t('api_keys.col_expires')}</th>
            <th scope="col">{t('api_keys.col_last_used')}</th>
            <th scope="col">{t('api_keys.col_actions')}</th>
          </tr>
        </thead>
        <tbody>
          {apiKeys.map((apiKey) => (
            <tr key={apiKey.id}>
              <th scope="row" className="api-key-name">
                {apiKey.name}
                {apiKey.createdByName && (
                  <span className="api-key-creator">{t('api_keys.created_by', { name: apiKey.createdByName })}</span>
                )}
              </th>
              <td>
                <code className="api-key-prefix">{apiKey.prefix}…</code>
              </td>
              <td className={`api-key-state api-key-state-${apiKey.state}`}>
                {apiKey.state === 'revoked'
                  ? t('api_keys.state_revoked', { date: apiKey.revokedAt ? formatDate(apiKey.revokedAt) : '' })
                  : t(apiKey.state === 'expired' ? 'api_keys.state_expired' : 'api_keys.state_active')}
              </td>
              <td>{formatDate(apiKey.createdAt)}</td>
              <td>{apiKey.expiresAt ? lastValidDay(apiKey.expiresAt) : t('api_keys.no_expiry')}</td>
              <td>{apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt) : t('api_keys.never_used')}</td>
              <td className="cell-buttons">
                {apiKey.state === 'active' && (
                  <Button
                    className="button button-ghost"
                    aria-label={`${t('api_keys.revoke')}: ${apiKey.name}`}
                    onPress={() => onRevoke(apiKey)}
                  >
                    {t('api_keys.revoke')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
