import { deleteUnconfirmedRegistrations } from '../auth/registration-confirmation.ts';
import { recordExpiries } from '../insurer-events/record-events.ts';
import { deliverWebhook } from '../insurer-events/webhook-delivery.ts';
import { runHousekeeping } from '../maintenance/housekeeping.ts';
import { createResolver } from '../net/resolver.ts';
import { dispatchPhishing } from '../phishing/dispatch.ts';
import type { TPhishingApprovalRule } from '../phishing/phishing-approval.ts';
import { runPhishingRetention } from '../phishing/retention.ts';
import { runReminders } from '../reminders/reminder-run.ts';
import type { TJobHandler } from './runner.ts';
import { finishedJobRetention, type TSchedule } from './schedules.ts';

/**
 * The jobs every server process can run, and the schedules that plan them (ADR 032). A new kind of
 * scheduled work (reminders, renewals, campaign sends, webhooks) adds its handler and, if it
 * recurs, its schedule here.
 */
export function createJobHandlers(config: {
  publicUrl: string;
  /** People per slice of the reminder run; tests make it small so that companies span slices. */
  reminderSlice?: number;
  /** Opens the webhook endpoints' signing secrets (sealed like TOTP secrets, ADR 026). */
  totpKey: Buffer;
  /** Tests only: webhook receivers on a loopback address (127.0.0.1, ::1, localhost), also by plain http. */
  allowLoopbackWebhooks?: boolean;
  /** `DNS_SERVERS`: who answers webhook receivers' names; unset, the system's lookup. */
  dnsServers?: readonly string[] | undefined;
  /** Sender domain and link base of simulated phishing mails (ADR 036). */
  phishing: { mailDomain: string; linkUrl: string; sending?: boolean; approval?: TPhishingApprovalRule };
}): Readonly<Record<string, TJobHandler>> {
  const rules = { allowLoopbackHttp: config.allowLoopbackWebhooks ?? false };
  const resolver = config.dnsServers?.length ? createResolver(config.dnsServers) : undefined;
  return {
    /**
     * Expired sessions, tokens and throttle rows, delivered mails, old audit entries, and
     * registrations never confirmed (issue 37).
     */
    housekeeping: async ({ db, now }) => ({
      ...(await runHousekeeping(db, now, finishedJobRetention(JOB_SCHEDULES))),
      unconfirmedRegistrations: await deleteUnconfirmedRegistrations(db, now),
    }),
    /** The reminder ladder (ADR 033): learners, managers' digests, employers' alerts. */
    reminders: async ({ db, now }) => {
      const { skipped, ...counts } = await runReminders(db, {
        now,
        publicUrl: config.publicUrl,
        sliceSize: config.reminderSlice,
      });
      return skipped ? { skipped: 1, ...counts } : counts;
    },
    /** Proofs of insurance that ran out, as change notices for the insurer (ADR 035). */
    'insurer-events': async ({ db, now }) => recordExpiries(db, now),
    /** One change notice to one endpoint, signed; retried with the queue's backoff. */
    webhook: async ({ db, now, payload }) =>
      deliverWebhook(db, payload as { eventId: string; endpointId: string }, {
        totpKey: config.totpKey,
        rules,
        now,
        resolver,
      }),
    /** Due simulated phishing mails into the outbox, and the next rounds of repeating campaigns (ADR 036). */
    'phishing-dispatch': async ({ db, now }) =>
      config.phishing.sending === false
        ? { skipped: 1 }
        : dispatchPhishing(db, {
            now,
            senderDomain: config.phishing.mailDomain,
            linkUrl: config.phishing.linkUrl,
            approval: config.phishing.approval,
          }),
    /** Events older than each company's retention leave, their counts stay as totals (ADR 036). */
    'phishing-retention': async ({ db, now }) => runPhishingRetention(db, now),
  };
}

export const JOB_SCHEDULES: readonly TSchedule[] = [
  { kind: 'housekeeping', pattern: '7 * * * *' },
  // Once each weekday morning in Berlin; the run itself skips public holidays (ADR 033).
  { kind: 'reminders', pattern: '30 9 * * 1-5' },
  // Hourly, so that an expiry reaches the insurer within the hour.
  { kind: 'insurer-events', pattern: '15 * * * *' },
  // Every five minutes: a campaign's mails are spread over days, five minutes late is on time. Its
  // runs stay a week: what they sent is on each campaign's page.
  { kind: 'phishing-dispatch', pattern: '*/5 * * * *', keepFinishedDays: 7 },
  // Nightly, outside office hours.
  { kind: 'phishing-retention', pattern: '40 3 * * *' },
];
