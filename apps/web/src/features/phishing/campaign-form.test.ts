import { describe, expect, it } from 'vitest';
import {
  berlinDay,
  emptyForm,
  formFromCampaign,
  formProblems,
  rateOf,
  type TCampaignSummary,
  toCampaignFields,
} from './campaign-form.ts';

const NOW = new Date('2026-11-27T23:30:00Z');

describe('the campaign editor’s form', () => {
  it('starts on today in Berlin, for everyone, nine to five over five working days, opens not counted', () => {
    // 23:30 UTC is already the next day in Berlin.
    expect(berlinDay(NOW)).toBe('2026-11-28');
    const form = emptyForm(NOW);
    expect(form).toMatchObject({
      firstDay: '2026-11-28',
      audienceKind: 'all',
      windowDays: 5,
      startHour: 9,
      endHour: 17,
    });
    expect(form.trackOpens).toBe(false);
  });

  it('names every missing or wrong field with the message the server would give', () => {
    const form = { ...emptyForm(NOW), audienceKind: 'people' as const, windowDays: 0, startHour: 17, endHour: 9 };
    expect(formProblems(form)).toEqual({
      name: 'phishing.name_required',
      templates: 'phishing.templates_required',
      audience: 'phishing.recipients_required',
      windowDays: 'campaigns.window_days_invalid',
      endHour: 'phishing.hours_invalid',
    });
    expect(formProblems({ ...form, audienceKind: 'roles', roles: [] }).audience).toBe('campaigns.roles_required');
    expect(formProblems({ ...form, windowDays: Number.NaN }).windowDays).toBe('campaigns.window_days_invalid');
  });

  it('sends only the chosen audience, and a trimmed name', () => {
    const form = {
      ...emptyForm(NOW),
      name: '  Q1  ',
      templates: ['parcel-customs-fee'],
      audienceKind: 'people' as const,
      roles: ['manager' as const],
      people: [{ id: 'a', name: 'Ada' }],
    };
    expect(formProblems(form)).toEqual({});
    expect(toCampaignFields(form)).toMatchObject({ name: 'Q1', audience: { kind: 'people', ids: ['a'] } });
    expect(toCampaignFields({ ...form, audienceKind: 'roles' }).audience).toEqual({
      kind: 'roles',
      roles: ['manager'],
    });
    expect(toCampaignFields({ ...form, audienceKind: 'all' }).audience).toEqual({ kind: 'all' });
  });

  it('opens a draft as it was saved, its people without names until found again', () => {
    const draft = {
      name: 'Draft',
      templates: ['ceo-transfer'],
      audience: { kind: 'people', ids: ['x', 'y'] },
      startsOn: '2026-12-01',
      windowDays: 3,
      startHour: 8,
      endHour: 12,
      trackOpens: true,
      repeat: 'quarterly',
    } as unknown as TCampaignSummary;
    const form = formFromCampaign(draft, NOW);
    expect(form).toMatchObject({
      name: 'Draft',
      firstDay: '2026-12-01',
      windowDays: 3,
      repeat: 'quarterly',
      trackOpens: true,
    });
    expect(form.people).toEqual([
      { id: 'x', name: '' },
      { id: 'y', name: '' },
    ]);
    expect(toCampaignFields(form).audience).toEqual({ kind: 'people', ids: ['x', 'y'] });
  });

  it('gives rates in whole percent of the people a mail reached, none before any was sent', () => {
    expect(rateOf(1, 3)).toBe(33);
    expect(rateOf(2, 3)).toBe(67);
    expect(rateOf(0, 0)).toBeNull();
  });
});
