import { z } from 'zod';

/** A stored certificate as procedures return it; the PDF and preview are plain routes by code. */
export const ZCertificateRecord = z.object({
  code: z.string(),
  kind: z.enum(['personal', 'company']),
  issuedAt: z.string(),
  validUntil: z.string(),
  /** The person's full name, or the company name on the proof of insurance. */
  holder: z.string(),
});
