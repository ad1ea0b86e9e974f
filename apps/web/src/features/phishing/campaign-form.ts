import type { RouterInputs, RouterOutputs } from '@portal/api';

export type TCampaignSummary = RouterOutputs['phishing']['campaigns'][number];
export type TCampaignDetail = RouterOutputs['phishing']['campaign'];
export type TPhishingTemplate = RouterOutputs['phishing']['templates'][number];
type TCampaignFields = Omit<RouterInputs['phishing']['createCampaign'], 'companyId'>;
export type TCampaignRole = 'employer' | 'manager' | 'employee';
export const REPEATS = ['none', 'monthly', 'quarterly', 'half-yearly'] as const;
export type TCampaignRepeat = (typeof REPEATS)[number];

export const ROLES: readonly TCampaignRole[] = ['employee', 'manager', 'employer'];
/** The server's bounds (campaign.types.ts): working hours 6–21, a window of 1–20 working days. */
export const FIRST_HOUR = 6;
export const LAST_HOUR = 21;
export const MAX_WINDOW_DAYS = 20;

/** The editor's state: the audience's choices are all kept, so switching back loses nothing. */
export interface TCampaignForm {
  name: string;
  templates: string[];
  audienceKind: 'all' | 'roles' | 'teams' | 'people';
  roles: TCampaignRole[];
  /** Team names as people carry them (GET /phishing/teams). */
  teams: string[];
  /** Chosen people with the name shown for them (empty for a draft's people until found again). */
  people: { id: string; name: string }[];
  firstDay: string;
  windowDays: number;
  startHour: number;
  endHour: number;
  trackOpens: boolean;
  repeat: TCampaignRepeat;
}

export type TFormField = 'name' | 'templates' | 'audience' | 'firstDay' | 'windowDays' | 'endHour';
/** Message keys per field, from the form's own checks. */
export type TFormProblems = Partial<Record<TFormField, string>>;
/** Translated texts per field, shown at the fields. */
export type TFieldErrors = Partial<Record<TFormField, string>>;

/** `YYYY-MM-DD` of a date in Berlin, where the send window's days are counted. */
export const berlinDay = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);

export const emptyForm = (today: Date): TCampaignForm => ({
  name: '',
  templates: [],
  audienceKind: 'all',
  roles: ['employee'],
  teams: [],
  people: [],
  firstDay: berlinDay(today),
  windowDays: 5,
  startHour: 9,
  endHour: 17,
  trackOpens: false,
  repeat: 'none',
});

export function formFromCampaign(campaign: TCampaignSummary, today: Date): TCampaignForm {
  const audience = campaign.audience;
  return {
    ...emptyForm(today),
    name: campaign.name,
    templates: campaign.templates,
    audienceKind: audience.kind,
    roles: audience.kind === 'roles' ? audience.roles : ['employee'],
    teams: audience.kind === 'teams' ? audience.teams : [],
    people: audience.kind === 'people' ? audience.ids.map((id) => ({ id, name: '' })) : [],
    firstDay: campaign.startsOn,
    windowDays: campaign.windowDays,
    startHour: campaign.startHour,
    endHour: campaign.endHour,
    trackOpens: campaign.trackOpens,
    repeat: campaign.repeat,
  };
}

/** What is wrong with the form, as message keys per field; empty when it may be sent. */
export function formProblems(form: TCampaignForm): TFormProblems {
  const problems: TFormProblems = {};
  if (form.name.trim() === '') problems.name = 'phishing.name_required';
  if (form.templates.length === 0) problems.templates = 'phishing.templates_required';
  if (form.audienceKind === 'roles' && form.roles.length === 0) problems.audience = 'campaigns.roles_required';
  if (form.audienceKind === 'teams' && form.teams.length === 0) problems.audience = 'phishing.teams_required';
  if (form.audienceKind === 'people' && form.people.length === 0) problems.audience = 'phishing.recipients_required';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.firstDay)) problems.firstDay = 'campaigns.first_day_invalid';
  if (!Number.isInteger(form.windowDays) || form.windowDays < 1 || form.windowDays > MAX_WINDOW_DAYS) {
    problems.windowDays = 'campaigns.window_days_invalid';
  }
  if (form.endHour <= form.startHour) problems.endHour = 'phishing.hours_invalid';
  return problems;
}

/** The call's fields; only the chosen audience goes along. */
export function toCampaignFields(form: TCampaignForm): TCampaignFields {
  const audience: TCampaignFields['audience'] = {
    all: { kind: 'all' as const },
    roles: { kind: 'roles' as const, roles: form.roles },
    teams: { kind: 'teams' as const, teams: form.teams },
    people: { kind: 'people' as const, ids: form.people.map((person) => person.id) },
  }[form.audienceKind];
  return {
    name: form.name.trim(),
    templates: form.templates,
    audience,
    firstDay: form.firstDay,
    windowDays: form.windowDays,
    startHour: form.startHour,
    endHour: form.endHour,
    trackOpens: form.trackOpens,
    repeat: form.repeat,
  };
}

/** A count as a share of the people a mail reached, rounded to whole percent; null before any. */
export const rateOf = (count: number, sent: number) => (sent === 0 ? null : Math.round((count / sent) * 100));

/** The same share as text: "12 %", or a dash before any mail was sent. */
export const rateText = (count: number, sent: number) => {
  const rate = rateOf(count, sent);
  return rate === null ? '–' : `${rate} %`;
};
