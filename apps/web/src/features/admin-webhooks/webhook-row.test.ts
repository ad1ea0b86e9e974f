import { createTranslator } from '@portal/i18n';
import { describe, expect, it } from 'vitest';
import { deliveryError, deliveryLabel } from './webhook-row.ts';

describe('deliveryLabel', () => {
  it('names each state of a delivery, with the attempts of a pending one', () => {
    const t = createTranslator('de');
    expect(deliveryLabel({ status: 'done', attempts: 1 }, t)).toBe('zugestellt');
    expect(deliveryLabel({ status: 'failed', attempts: 8 }, t)).toBe('fehlgeschlagen');
    expect(deliveryLabel({ status: 'pending', attempts: 2 }, t)).toBe('ausstehend (2 Versuche)');
    expect(deliveryLabel({ status: 'pending', attempts: 2 }, createTranslator('en'))).toBe('pending (2 attempts)');
  });
});

describe('deliveryError', () => {
  it('shows the last error of a failed or pending delivery, never of a delivered one', () => {
    expect(deliveryError({ status: 'failed', lastError: 'the receiver answered 500' })).toBe(
      'the receiver answered 500',
    );
    expect(deliveryError({ status: 'pending', lastError: 'no answer within 10 s' })).toBe('no answer within 10 s');
    expect(deliveryError({ status: 'pending', lastError: null })).toBeNull();
    expect(deliveryError({ status: 'done', lastError: 'an old error' })).toBeNull();
  });
});
