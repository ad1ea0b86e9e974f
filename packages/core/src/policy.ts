/** Security constants from DECISIONS.md, in one place so tests and docs can name them. */
export const SESSION_IDLE_SECONDS = { customer: 60 * 60, admin: 30 * 60 } as const;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** lastSeenAt is written at most this often, so a burst of requests is not a burst of writes. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_LOCK_MS = 15 * 60 * 1000;
export const THROTTLE_MAX_ACCOUNT_FAILURES = 10;
/** Higher than per account: many people of one company may sit behind one NAT address. */
export const THROTTLE_MAX_IP_FAILURES = 50;

export const RESET_TOKEN_MINUTES = 60;
export const INVITATION_DAYS = 14;
export const FIRST_LOGIN_TOKEN_MINUTES = 60;
/** Time between a right password and the authenticator code. */
export const TOTP_CHALLENGE_MINUTES = 5;

export { AVV_CUTOFF, AVV_VERSION } from '@portal/validators';

export const MAIL_RETRY_HOURS = 24;
