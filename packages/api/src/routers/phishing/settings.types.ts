import { z } from 'zod';

export const ZPhishingSettings = z.object({
  sendingStoppedAt: z.string().nullable().describe('The kill switch: set while all sending is stopped'),
  sendingStoppedByName: z.string().nullable(),
  namesVisible: z.boolean().describe('Off by default (works council mode): counts only'),
  namesVisibleAt: z.string().nullable(),
  namesVisibleByName: z.string().nullable(),
  retentionMonths: z.number().int(),
  reportContactEmail: z.string(),
  reportContactConfirmed: z
    .boolean()
    .describe('The contact opened the link mailed to it (issue 37); reports are forwarded only then'),
  reportContactConfirmedAt: z.string().nullable(),
  reportContactLinkExpiresAt: z
    .string()
    .nullable()
    .describe('Until when the last link mailed to an unconfirmed contact works'),
});
