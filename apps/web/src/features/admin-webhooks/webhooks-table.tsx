import { Button } from 'react-aria-components';
import { formatDate } from '../../lib/format-date.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { formatDateTime } from '../admin-jobs/job-format.ts';
import { deliveryError, deliveryLabel, type TWebhookEndpoint } from './webhook-row.ts';

/**
 * The insurer's webhook receivers, newest first: name, address, when added, the latest
 * deliveries (the job queue's records, newest first, with the last error of those not delivered),
 * state, and a remove button for the receivers still active.
 */
export function WebhooksTable({
  endpoints,
  onRemove,
}: {
  endpoints: TWebhookEndpoint[];
  onRemove: (endpoint: TWebhookEndpoint) => void;
}) {
  const { t, locale } = useI18n();
  return (
    // Focusable so keyboard users can scroll it sideways on a phone even when no button is left
    // inside (axe scrollable-region-focusable), as the jobs page's tables.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must take focus
    <div className="table-scroll" tabIndex={0}>
      <table className="table webhook-table" aria-labelledby="webhooks-heading">
        <thead>
          <tr>
            <th scope="col">{t('webhooks.col_name')}</th>
            <th scope="col">{t('webhooks.col_url')}</th>
            <th scope="col">{t('webhooks.col_created')}</th>
            <th scope="col">{t('webhooks.col_deliveries')}</th>
            <th scope="col">{t('webhooks.col_state')}</th>
            <th scope="col">{t('webhooks.col_actions')}</th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((endpoint) => (
            <tr key={endpoint.id}>
              <th scope="row" className="webhook-name">
                {endpoint.name}
              </th>
              <td className="webhook-url">
                <code>{endpoint.url}</code>
              </td>
              <td className="webhook-nowrap">{formatDate(endpoint.createdAt)}</td>
              <td className="webhook-deliveries">
                {endpoint.deliveries.length === 0 ? (
                  <span className="muted">{t('webhooks.no_deliveries')}</span>
                ) : (
                  <ul className="webhook-log">
                    {endpoint.deliveries.map((delivery) => {
                      const error = deliveryError(delivery);
                      return (
                        <li key={delivery.eventId}>
                          <span className={`webhook-delivery-${delivery.status}`}>{deliveryLabel(delivery, t)}</span>{' '}
                          <time dateTime={delivery.at} className="webhook-delivery-at">
                            {formatDateTime(delivery.at, locale)}
                          </time>
                          {error && <span className="webhook-delivery-error">{error}</span>}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </td>
              <td className={endpoint.removedAt ? 'webhook-state-removed' : 'webhook-state-active'}>
                {endpoint.removedAt
                  ? t('webhooks.removed_on', { date: formatDate(endpoint.removedAt) })
                  : t('webhooks.state_active')}
              </td>
              <td className="cell-buttons">
                {!endpoint.removedAt && (
                  <Button
                    className="button button-ghost"
                    aria-label={`${t('webhooks.remove')}: ${endpoint.name}`}
                    onPress={() => onRemove(endpoint)}
                  >
                    {t('webhooks.remove')}
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
