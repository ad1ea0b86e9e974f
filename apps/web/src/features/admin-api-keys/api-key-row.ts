import type { RouterOutputs } from '@portal/api';
import { formatDate } from '../../lib/format-date.ts';

/** One insurer API key as the admins' list shows it (never its secret). */
export type TApiKey = RouterOutputs['apiKeys']['list']['items'][number];

/**
 * The last day a key works, DD.MM.YYYY: a key valid through a day expires at the start of the next
 * day, German time (ADR 035), so the list shows the day before that instant, as the form took it.
 */
export const lastValidDay = (expiresAt: string) => formatDate(new Date(Date.parse(expiresAt) - 1));
