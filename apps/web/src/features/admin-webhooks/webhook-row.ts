import type { RouterOutputs } from '@portal/api';
import type { TTranslate } from '@portal/i18n';

/** One webhook receiver of the insurer as the admins' list shows it (never its secret). */
export type TWebhookEndpoint = RouterOutputs['webhooks']['list']['items'][number];
export type TWebhookDelivery = TWebhookEndpoint['deliveries'][number];

/** A delivery's state in words: delivered, failed, or still pending after some attempts. */
export function deliveryLabel(delivery: Pick<TWebhookDelivery, 'status' | 'attempts'>, t: TTranslate): string {
  if (delivery.status === 'done') return t('webhooks.delivery_done');
  if (delivery.status === 'failed') return t('webhooks.delivery_failed');
  return t('webhooks.delivery_pending', { attempts: delivery.attempts });
}

/** The error worth showing under a delivery: the last one of a failed or still pending delivery. */
export const deliveryError = (delivery: Pick<TWebhookDelivery, 'status' | 'lastError'>): string | null =>
  delivery.status === 'done' ? null : delivery.lastError;
