import { z } from 'zod';

/**
 * What a certificate says, frozen at issue. Stored as JSON beside the record so every download of
 * the same code draws the same document; course titles are kept in both languages because the
 * viewer's language decides the PDF's language, and content may rename a course later.
 */
const ZTitle = z.object({ de: z.string(), en: z.string() });

export const ZPersonalCertificateContent = z.object({
  kind: z.literal('personal'),
  holder: z.object({ firstname: z.string(), lastname: z.string() }),
  companyName: z.string(),
  courses: z.array(z.object({ slug: z.string(), title: ZTitle, completedAt: z.iso.datetime() })),
});

export const ZCompanyCertificateContent = z.object({
  kind: z.literal('company'),
  company: z.object({
    name: z.string(),
    street: z.string(),
    postCode: z.string(),
    city: z.string(),
    insuranceNumber: z.string(),
  }),
  /** People with at least one assigned course. */
  enrolled: z.number().int().min(0),
  /** People who hold the personal certificate's conditions (all assigned done, at least 6). */
  certified: z.number().int().min(0),
  courses: z.array(
    z.object({ slug: z.string(), title: ZTitle, assigned: z.number().int(), completed: z.number().int() }),
  ),
});

export const ZCertificateContent = z.discriminatedUnion('kind', [
  ZPersonalCertificateContent,
  ZCompanyCertificateContent,
]);

export type TPersonalCertificateContent = z.infer<typeof ZPersonalCertificateContent>;
export type TCompanyCertificateContent = z.infer<typeof ZCompanyCertificateContent>;
export type TCertificateContent = z.infer<typeof ZCertificateContent>;

/** Everything the renderer needs: the frozen content plus the record's code and dates. */
export interface TCertificateDocument {
  code: string;
  issuedAt: Date;
  validUntil: Date;
  /** Absolute `/verify/{code}` address printed under the QR code. */
  verifyUrl: string;
  content: TCertificateContent;
}

/** Completion as a whole percentage; 0 when nobody is assigned. */
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
