/** Security constants from DECISIONS.md, in one place so tests and docs can name them. */
export const SESSION_IDLE_SECONDS = { customer: 60 * 60, admin: 30 * 60 } as const;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** lastSeenAt is written at most this often, so a burst of requests is not a burst of writes. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** Every limited check counts in windows of this length; reaching its limit locks for THROTTLE_LOCK_MS. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** At least the window: a lock then always outlasts the window it ended (throttle.ts relies on it). */
export const THROTTLE_LOCK_MS = 15 * 60 * 1000;
export const THROTTLE_MAX_ACCOUNT_FAILURES = 10;
/** Higher than per account: many people of one company may sit behind one NAT address. */
export const THROTTLE_MAX_IP_FAILURES = 50;

/** A limit on one kind of attempt; `name` prefixes the subject in the throttle table's key. */
export interface TAttemptLimit {
  name: string;
  max: number;
}

/**
 * Every limited check, in one list (ADR 004). Sign-in limits count failed passwords and codes (a
 * success gives its attempt back); reset requests and registrations count every request.
 */
export const ATTEMPT_LIMITS = {
  /** Passwords and two-factor or recovery codes of one account (the typed email). */
  signInAccount: { name: 'account', max: THROTTLE_MAX_ACCOUNT_FAILURES },
  signInAddress: { name: 'ip', max: THROTTLE_MAX_IP_FAILURES },
  /** Reset mails for one email: the one-a-minute rule (password-reset.ts) stops bursts, this days of them. */
  resetAccount: { name: 'reset', max: 5 },
  resetAddress: { name: 'reset-ip', max: 30 },
  /** New policyholder accounts from one address. */
  registerAddress: { name: 'register-ip', max: 10 },
  /** New confirmation links for one registrant, and from one address (issue 37). */
  confirmationAccount: { name: 'confirm', max: 3 },
  confirmationAddress: { name: 'confirm-ip', max: 20 },
} as const satisfies Record<string, TAttemptLimit>;

export const RESET_TOKEN_MINUTES = 60;
export const INVITATION_DAYS = 14;
/** A self-registration confirms its address within a week, or it is erased (issue 37). */
export const REGISTRATION_CONFIRMATION_DAYS = 7;
export const FIRST_LOGIN_TOKEN_MINUTES = 60;
/** Time between a right password and the authenticator code. */
export const TOTP_CHALLENGE_MINUTES = 5;

export { AVV_CUTOFF, AVV_VERSION } from '@portal/validators';

export const MAIL_RETRY_HOURS = 24;
