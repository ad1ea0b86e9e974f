import type { TLocale } from '@portal/i18n';

/**
 * What the evidence pack states (ADR 035, issue 23 point 3): one company's proof of insurance,
 * its course table and its AVV record. This object is `evidence.json` as it is, and the PDF is
 * drawn from it, so the two always say the same. Dates are ISO strings, as in every API answer.
 */
export type TEvidenceVariant = 'insurer' | 'employer';

export interface TEvidenceCompanyCertificate {
  code: string;
  issuedAt: string;
  validUntil: string;
  /** `valid` until its last moment, `expired` after; a revoked certificate is never chosen. */
  state: 'valid' | 'expired';
  /** The public check of the code (`/verify/{code}`), which a claims handler can open. */
  verifyUrl: string;
}

export interface TEvidenceCourse {
  slug: string;
  /** In the pack's language, from the course catalog. */
  title: string;
  /** People of the company the course is assigned to, and those who completed it. */
  assigned: number;
  completed: number;
  /** Completed of assigned, rounded down like the insurer's portfolio: 100 means everyone. */
  completionPercent: number;
}

export interface TEvidenceAvvAcceptance {
  contractVersion: string;
  acceptedAt: string;
  /**
   * Who accepted: always the policyholder's account (only it may accept, update-own-account.ts).
   * The person's name is in the employer's pack only; the insurer's stays at company level.
   */
  acceptedBy: { role: 'policyholder'; name?: string };
}

export interface TEvidencePersonalCertificate {
  code: string;
  holder: string;
  issuedAt: string;
  validUntil: string;
  verifyUrl: string;
}

export interface TEvidenceFacts {
  /** The shape's version, for the insurer's systems that read the JSON. */
  format: 'evidence-pack/1';
  variant: TEvidenceVariant;
  language: TLocale;
  generatedAt: string;
  company: {
    name: string;
    /** Null when the policyholder has not entered one. */
    policyNumber: string | null;
    address: { street: string; postCode: string; city: string };
  };
  /** The newest company certificate that is not revoked, or null when none was ever issued. */
  companyCertificate: TEvidenceCompanyCertificate | null;
  /** Per assigned catalog course, in catalog order (the proof of insurance counts the same way). */
  courses: TEvidenceCourse[];
  totals: { learners: number; assigned: number; completed: number; completionPercent: number };
  avv: {
    /** Whether the AVV is in force now (the policyholder's account), as the portfolio shows it. */
    accepted: boolean;
    acceptedAt: string | null;
    /** The acceptance records (avv_acceptances), newest first; a former policyholder's stay. */
    acceptances: TEvidenceAvvAcceptance[];
  };
  /** Employer's pack only: the newest valid personal certificate of each member of staff. */
  personalCertificates?: TEvidencePersonalCertificate[];
}

/** Rounded down, so that a course shows 100 % only when everyone completed it. */
export const completionPercent = (completed: number, assigned: number) =>
  assigned === 0 ? 0 : Math.floor((completed * 100) / assigned);
