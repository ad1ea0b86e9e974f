import { randomInt } from 'node:crypto';
import { dayNumber } from '@portal/validators';
import { Cron } from 'croner';
import { nextWorkingTime, type TBundesland, type TWorkingHours } from '../jobs/working-time.ts';
import { berlinMidnight } from '../statistics/overall-stats.ts';

/** One stretch of working time: a working day's hours, or the rest of today's. */
interface TSegment {
  from: number;
  to: number;
}

const BERLIN = 'Europe/Berlin';

/** The instant the working hours of `at`'s Berlin day end (DST changes at night, never inside them). */
function endOfHours(at: Date, hours: TWorkingHours): Date {
  const end = new Cron(`0 ${hours.endHour} * * *`, { timezone: BERLIN, paused: true });
  try {
    const next = end.nextRun(new Date(at.getTime() - 1));
    if (!next) throw new Error('no end of working hours');
    return next;
  } finally {
    end.stop();
  }
}

/**
 * The working time of a send window (ADR 036): `days` working days from the Berlin day `startsOn`,
 * within `hours`, weekends and the state's public holidays skipped. What lies before `notBefore`
 * (a campaign started in the middle of its first day) is cut off, and the window still spans
 * `days` working days.
 */
export function windowSegments(
  startsOn: string,
  days: number,
  hours: TWorkingHours,
  state: TBundesland | null,
  notBefore: Date,
): TSegment[] {
  const dayStart = new Date(Math.max(berlinMidnight(dayNumber(startsOn)), notBefore.getTime()));
  const segments: TSegment[] = [];
  let cursor = nextWorkingTime(dayStart, state, hours);
  while (segments.length < days) {
    const end = endOfHours(cursor, hours);
    segments.push({ from: cursor.getTime(), to: end.getTime() });
    cursor = nextWorkingTime(end, state, hours);
  }
  return segments;
}

/**
 * `count` send times spread evenly over the window's working time, each at a random point of its
 * own equal share (so mails do not arrive in a burst, and colleagues do not all get theirs at
 * once), in ascending order.
 */
export function spreadSendTimes(segments: readonly TSegment[], count: number): Date[] {
  const total = segments.reduce((sum, segment) => sum + (segment.to - segment.from), 0);
  if (count === 0 || total <= 0) return [];
  const share = total / count;
  const times: Date[] = [];
  let index = 0;
  let passed = 0;
  for (let i = 0; i < count; i += 1) {
    // A whole second inside the share; randomInt needs a range of at least 1.
    const offset = Math.min(i * share + randomInt(Math.max(1, Math.floor(share / 1000))) * 1000, total - 1);
    let segment = segments[index];
    while (segment && index < segments.length - 1 && offset >= passed + (segment.to - segment.from)) {
      passed += segment.to - segment.from;
      index += 1;
      segment = segments[index];
    }
    if (segment) times.push(new Date(segment.from + (offset - passed)));
  }
  return times;
}

const REPEAT_MONTHS = { none: 0, monthly: 1, quarterly: 3, 'half-yearly': 6 } as const;
export type TCampaignRepeat = keyof typeof REPEAT_MONTHS;

/** The first day of round `round` (0-based): the campaign's first day plus whole months. */
export function roundStartsOn(startsOn: string, repeat: TCampaignRepeat, round: number): string {
  const [year = 0, month = 1, day = 1] = startsOn.split('-').map(Number);
  const months = REPEAT_MONTHS[repeat] * round;
  // The same day number of a later month, or that month's last day (31 January → 28 February).
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay)));
  return date.toISOString().slice(0, 10);
}
