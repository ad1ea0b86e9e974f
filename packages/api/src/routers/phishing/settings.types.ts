import { z } from 'zod';

export const ZPhishingSettings = z.object({
  sendingStoppedAt: z.string().nullable().describe('The kill switch: set while all sending is stopped'),
  sendingStoppedByName: z.string().nullable(),
  namesVisible: z.boolean().describe('Off by default (works council mode): counts only'),
  namesVisibleAt: z.string().nullable(),
  namesVisibleByName: z.string().nullable(),
  retentionMonths: z.number().int(),
  reportContactEmail: z.string(),
});
