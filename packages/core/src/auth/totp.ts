import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 with the parameters every authenticator app understands. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const ISSUER = 'E-Learning-Portal';

export interface TTotpEnrolment {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  otpauthUri: string;
  /** The otpauth URI as an SVG QR code, as a data: URL for an <img>. */
  qrCode: string;
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

export const totpStepAt = (now: Date) => Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);

/**
 * The 30-second step a code belongs to, or null when it is wrong, outside ±1 step of `now`, or
 * not newer than the last accepted step (so a code is never accepted twice).
 */
export function acceptedTotpStep(secret: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret, '').validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = totpStepAt(now) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

export async function totpEnrolment(secret: string, email: string): Promise<TTotpEnrolment> {
  const otpauthUri = totpFor(secret, email).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
