import { z } from 'zod';

/** Spec §9 and DECISIONS.md: all assigned courses completed, and at least this many. */
export const CERTIFICATE_MIN_COURSES = 6;
/** DECISIONS.md: a certificate is valid 12 months from issue (the AVV asks for yearly training). */
export const CERTIFICATE_VALID_MONTHS = 12;

/**
 * Verification codes: 12 characters from an alphabet without 0/O and 1/I (60 bits), shown in
 * groups of four. Readers type them from paper, so case, spaces and dashes do not matter.
 */
export const CERTIFICATE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const normaliseCertificateCode = (raw: string) => {
  const plain = raw.toUpperCase().replace(/[\s-]/g, '');
  return plain.length === 12 ? `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8)}` : plain;
};
export const ZCertificateCode = z
  .string()
  .max(40)
  .transform(normaliseCertificateCode)
  .pipe(z.string().regex(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/, 'verify.unknown_text'));
