import { CERTIFICATE_CODE_ALPHABET, CERTIFICATE_VALID_MONTHS } from '@portal/validators';

/** A fresh verification code, e.g. `K7QM-2XWD-9HTR` (CSPRNG; 256 is a multiple of 32, so unbiased). */
export function newCertificateCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const chars = [...bytes].map((byte) => CERTIFICATE_CODE_ALPHABET[byte % 32]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** Issue date plus 12 calendar months (29 February falls back to 28 February). */
export function certificateValidUntil(issuedAt: Date): Date {
  const until = new Date(issuedAt);
  until.setUTCMonth(until.getUTCMonth() + CERTIFICATE_VALID_MONTHS);
  if (until.getUTCDate() !== issuedAt.getUTCDate()) until.setUTCDate(0);
  return until;
}

/** The public address printed under the QR code. */
export const verifyUrl = (publicUrl: string, code: string) => `${publicUrl}/verify/${code}`;
